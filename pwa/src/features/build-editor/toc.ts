import { LAYOUT } from "../../app/theme";

/** Side table of contents (spec §2, §9): h1-h3 headings, scrolled to the second sticky offset (130 px) + 10 px below the top, smoothly. */
export const TOC_STICKY_OFFSET = LAYOUT.stickySecondPx;
export const TOC_GAP = 10;

/** The window scroll position that puts a heading at the offset. */
export function tocScrollTop(headingTop: number, scrollY: number): number {
  return Math.max(0, headingTop + scrollY - TOC_STICKY_OFFSET - TOC_GAP);
}

export function scrollToHeading(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  window.scrollTo({ top: tocScrollTop(el.getBoundingClientRect().top, window.scrollY), behavior: "smooth" });
  el.focus({ preventScroll: true });
}
