export * from "./types";
export { parseGuide, formatError, DEFAULT_SECTION, type ParseOptions } from "./parser";
export { COMMANDS } from "./commands";
export { directionIndex, directionArrow, DIRECTION_ARROWS } from "./direction";
export { initialState, START_AREA_ID, START_TOWN_ID, type GuideState } from "./state";
export * from "./rewards";
export * from "./build";
export * from "./search";
