/** The allocation contract the build view and tracker hand to PassiveTreeView. */
export interface TreeAllocation {
  treeVersion: string;
  classId: number;
  ascendancyId: number;
  alternateAscendancyId?: number;
  nodes: number[];
  masteryEffects: Record<number, number>;
  overrides?: { nodeId: number; name: string; effectText: string[] }[];
  jewels?: Record<number, string>;
}

export interface PassiveTreeViewProps {
  build: TreeAllocation;
  /** With another allocation (a character, or another step) the view compares the two. */
  other?: TreeAllocation;
  height?: number | string;
}
