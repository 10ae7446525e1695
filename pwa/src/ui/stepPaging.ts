/** Step navigator paging (spec §2, §9): up to 4 steps per page, fewer on narrow widths. */

export const STEPS_PER_PAGE = 4;
/** Width kept for the two page arrows and gaps (64 + 24), and about 300 px per step. */
export const RESERVED_PX = 64 + 24;
export const STEP_PX = 300;
/** A step card in the draggable mode is never narrower than this. */
export const CARD_MIN_PX = 200;

export function stepsPerPage(width: number): number {
  return Math.max(1, Math.min(STEPS_PER_PAGE, Math.floor((width - RESERVED_PX) / STEP_PX)));
}

export function pageOf(index: number, perPage: number): number {
  return Math.floor(Math.max(0, index) / perPage);
}

/** The 1-based number of the `i`-th step shown on `page`: Step 7 reads 7 on every page. */
export function stepNumber(page: number, perPage: number, i: number): number {
  return page * perPage + i + 1;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * Card width in the draggable mode: a page's share of the width left after the
 * reserved 64 + 24 px, at most the 300 px a step is given and at least 200 px
 * (a phone scrolls the row sideways rather than squeezing a card below that).
 */
export function cardWidth(width: number, gap = 0): number {
  const share = Math.floor((width - RESERVED_PX) / stepsPerPage(width)) - gap;
  return Math.max(CARD_MIN_PX, Math.min(STEP_PX, share));
}
