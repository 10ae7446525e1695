"""Server-side planner (Path of Building) validation: safe decode, then extract.

`decode_planner(text)` takes a planner code or raw planner XML and returns a
`PlannerExtract` (class, ascendancy, sets and skills) or raises `PlannerError`.
The PWA's worker (`workers/planner`) decodes the same input to the same ids.
"""

from server.planner.decode import MAX_CODE_CHARS, MAX_DEPTH, MAX_XML_BYTES, planner_xml_bytes
from server.planner.errors import PlannerError
from server.planner.extract import (
    CLASS_IDS,
    DEFAULT_TREE_VERSION,
    NO_TREE_FOR_CLASS,
    ExtractSet,
    ExtractSkillSet,
    ExtractTree,
    OfferedTrees,
    PlannerExtract,
    decode_planner,
    extract_planner,
    offered_trees,
)
from server.planner.sets import assign_set_ids

__all__ = [
    "CLASS_IDS",
    "DEFAULT_TREE_VERSION",
    "MAX_CODE_CHARS",
    "MAX_DEPTH",
    "MAX_XML_BYTES",
    "NO_TREE_FOR_CLASS",
    "ExtractSet",
    "ExtractSkillSet",
    "ExtractTree",
    "PlannerError",
    "OfferedTrees",
    "PlannerExtract",
    "assign_set_ids",
    "decode_planner",
    "extract_planner",
    "offered_trees",
    "planner_xml_bytes",
]
