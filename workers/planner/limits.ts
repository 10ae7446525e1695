/**
 * Hard limits for hostile input; the same numbers as server/planner/decode.py.
 * The largest real export we know inflates to ~400 KB, so these leave ample room.
 */
export const MAX_CODE_CHARS = 2 * 1024 * 1024;
export const MAX_XML_BYTES = 4 * 1024 * 1024;
/** Planner XML is about 5 levels deep. */
export const MAX_DEPTH = 32;
/**
 * Output the inflater may produce at most: each push is sized from the budget
 * left (deflate expands at most 1032x), so a zip bomb stops by this point. Twice
 * the cap keeps real codes to a few pushes while a bomb costs well under 0.1 s of CPU.
 */
export const INFLATE_CEILING = MAX_XML_BYTES * 2;
/**
 * A spec without treeVersion has none (""): the tree view draws it on the version whose tree holds the
 * most of its passives (pwa/src/data/treeVersions.ts), not on one we would have to guess here.
 */
export const DEFAULT_TREE_VERSION = "";
/** Root element names; some planner forks write PathOfBuilding2 with the same layout. */
export const ROOT_TAGS = ["PathOfBuilding", "PathOfBuilding2"];
/**
 * Path of Building 2 (Path of Exile 2) also writes PathOfBuilding2, so the root does not tell the
 * games apart: its exports target version 0_x, draw on 0_x trees and name classes Path of Exile 1
 * never had. Such a build decoded as Path of Exile 1 would read its class id as the wrong class.
 */
export const POE2_CLASSES = ["warrior", "mercenary", "huntress", "sorceress", "monk", "druid"];
export const POE2_MESSAGE = "This is a Path of Exile 2 build (a Path of Building 2 export); Waypoint plans Path of Exile 1 builds only.";
