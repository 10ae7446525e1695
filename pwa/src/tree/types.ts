/** The allocation contract the build view and tracker hand to PassiveTreeView. */
export interface TreeAllocation {
  treeVersion: string;
  classId: number;
  ascendancyId: number;
  alternateAscendancyId?: number;
  nodes: number[];
  masteryEffects: Record<number, number>;
  /** Tattoos (planner Overrides, a character's skill overrides): shown in a node's tooltip instead of its own stats. */
  overrides?: { nodeId: number; name: string; icon?: string; effectText: string[]; reminderText?: string[] }[];
  jewels?: Record<number, string>;
  /**
   * Allocated cluster jewel passives known only by count (a character's official data names them
   * by subgraph slot, not by node id); they join the notice of passives not shown.
   */
  clusterPassives?: number;
}

/** What a socketed jewel's tooltip shows; PlannerItem from the planner decoder fits. */
export interface JewelItem {
  rarity: string;
  name: string;
  baseType: string;
  itemLevel: number;
  requirements: { level: number; str: number; dex: number; int: number };
  corrupted: boolean;
  enchantMods: { text: string }[];
  implicitMods: { text: string }[];
  explicitMods: { text: string; crafted?: boolean }[];
}

export interface PassiveTreeViewProps {
  build: TreeAllocation;
  /** With another allocation (a character, or another step) the view compares the two. */
  other?: TreeAllocation;
  height?: number | string;
  /** Node ids drawn in the 'Pathing' state (the next passives to take). */
  pathing?: number[];
  /** Items by id, for the tooltips of jewels in `build.jewels` (e.g. PlannerBuild.items). */
  jewelItems?: Record<string, JewelItem | { error: unknown }>;
}
