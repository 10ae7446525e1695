import { createTheme } from "@mantine/core";
import type { CSSProperties } from "react";

export const theme = createTheme({
  primaryColor: "yellow",
  // Dark text on light fills (yellow buttons), so filled controls meet WCAG contrast (axe).
  autoContrast: true,
  fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "sm",
});

/** Spec constants for the layout (builds-browser-and-tracker.md §2, §9). */
export const LAYOUT = {
  breakpointPx: 1200,
  sidebarCollapsedPx: 80,
  sidebarExpandedPx: 180,
  footerPx: 26,
  headerPx: 56,
  toastLimit: 3,
  /** Sticky offsets (§9): the first sticky bar of a page (filters, step navigator) and the one below it (tabs). */
  stickyTopPx: 70,
  stickySecondPx: 130,
} as const;

/** A bar that stays `top` px below the top of the window while its page scrolls. */
export function stickyBar(top: number, zIndex = 5): CSSProperties {
  return { position: "sticky", top, zIndex, background: "var(--mantine-color-body)" };
}

export const DESKTOP_QUERY = `(min-width: ${LAYOUT.breakpointPx}px)`;
