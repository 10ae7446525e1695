/** Step navigator paging (spec §2): up to 4 steps per page, fewer on narrow widths. */

export const STEPS_PER_PAGE = 4;
/** Width kept for the two page arrows and gaps (64 + 24), and about 300 px per step. */
export const RESERVED_PX = 64 + 24;
export const STEP_PX = 300;

export function stepsPerPage(width: number): number {
  return Math.max(1, Math.min(STEPS_PER_PAGE, Math.floor((width - RESERVED_PX) / STEP_PX)));
}

export function pageOf(index: number, perPage: number): number {
  return Math.floor(Math.max(0, index) / perPage);
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
