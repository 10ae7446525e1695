/** Teaser page content (passive-tree-and-campaign-guide.md §2). */
export interface Teaser {
  title: string;
  badge: string;
  intro: string;
  lines: string[];
}

export const ROTATE_MS = 3000;
export const SCROLL_THRESHOLD_PX = 50;

export const TEASERS = {
  tradeHelper: {
    title: "Trade helper",
    badge: "Coming soon",
    intro: "Trade smarter for the build you are following.",
    lines: [
      "Trade search recommendations based on your build",
      "Pin the trade searches you use most often",
      "Alternative trade searches when an item is too expensive",
      "Bulk trade for currency, fragments and gems",
    ],
  },
  craftingAssistant: {
    title: "Crafting assistant",
    badge: "Coming soon",
    intro: "Craft the upgrades your build needs.",
    lines: [
      "The best and cheapest way to craft an item",
      "What to change to fit a new item into your build",
      "A chromatic calculator for socket colours",
    ],
  },
  wealthTracker: {
    title: "Wealth tracker",
    badge: "Coming soon",
    intro: "Know what your stash is worth.",
    lines: [
      "Track your net worth over time",
      "Recommended strategies for making currency",
      "See how the economy changes during a league",
    ],
  },
} satisfies Record<string, Teaser>;

/** Index of the line to show after `elapsedMs`, cycling through all lines. */
export function rotatingIndex(elapsedMs: number, count: number, periodMs = ROTATE_MS): number {
  if (count <= 0) return 0;
  return Math.floor(Math.max(0, elapsedMs) / periodMs) % count;
}
