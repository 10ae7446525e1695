import { createTheme } from "@mantine/core";

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
} as const;

export const DESKTOP_QUERY = `(min-width: ${LAYOUT.breakpointPx}px)`;
