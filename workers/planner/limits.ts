/**
 * Hard limits for hostile input; the same numbers as server/planner/decode.py.
 * The largest real export we know inflates to ~400 KB, so these leave ample room.
 */
export const MAX_CODE_CHARS = 2 * 1024 * 1024;
export const MAX_XML_BYTES = 4 * 1024 * 1024;
/** Planner XML is about 5 levels deep. */
export const MAX_DEPTH = 32;
/** Input fed to the inflater per push: deflate expands at most ~1032x, so one push never yields more than half of MAX_XML_BYTES and a zip bomb stops within 1.5x of it. */
export const INFLATE_CHUNK = Math.floor(MAX_XML_BYTES / 1032 / 2);
/** A spec without treeVersion is read against the tree Waypoint ships; the planner would pick its newest. */
export const DEFAULT_TREE_VERSION = "3_25";
/** Root element names; some planner forks write PathOfBuilding2 with the same layout. */
export const ROOT_TAGS = ["PathOfBuilding", "PathOfBuilding2"];
