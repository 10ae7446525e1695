import classes from "./sticky.module.css";

/**
 * Inside the first sticky bar of a page (app/theme.ts stickyBar): once the bar is stuck, content scrolled
 * up passes under this cover instead of showing between the window's top and the bar. Before that it is
 * not drawn, so it never hides what sits above the bar.
 */
export function StickyCover({ top }: { top: number }) {
  return <span aria-hidden="true" className={classes.cover} style={{ height: top }} data-testid="sticky-cover" />;
}
