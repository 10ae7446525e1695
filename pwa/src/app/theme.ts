import { createTheme, Loader, Menu, Modal, Notification, Skeleton, type CSSVariablesResolver } from "@mantine/core";
import type { CSSProperties } from "react";
import { SteppedDots } from "../ui/SteppedDots";
import stepped from "../ui/steppedMotion.module.css";

export const theme = createTheme({
  primaryColor: "yellow",
  fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "sm",
  // Dark text on light filled colours (yellow, orange): white on them fails WCAG AA contrast.
  autoContrast: true,
  components: {
    // Progress indicators move in steps (ui/steppedMotion.module.css): a smooth one keeps the compositor drawing every frame.
    Loader: Loader.extend({ defaultProps: { type: "dots", loaders: { ...Loader.defaultLoaders, dots: SteppedDots } } }),
    Skeleton: Skeleton.extend({ classNames: { root: stepped.skeleton } }),
    // Every dialog's close button (an icon, no text) is named 'Close'; a dialog can still name it otherwise (Finalize's 'Cancel').
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close" } } }),
    // A menu opens with focus on its first item (the ARIA menu pattern), not on Mantine's focus placeholder: that
    // focusable role=presentation div inside role=menu is a child a menu may not hold (axe aria-required-children, critical).
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Every toast: a named close button, and its text in the dimmed colour that passes AA (Mantine's dark-2 gave 3.5:1).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { "aria-label": "Close" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    }),
  },
});

/**
 * Dimmed text one step lighter than Mantine's dark default (#828282, 3.5:1 on cards), so it passes
 * WCAG AA (4.5:1) on every dark surface while still reading as secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { "--mantine-color-dimmed": "#a3a3a3" },
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

/**
 * A bar that stays `top` px below the top of the window while its page scrolls. It is a scroll-state
 * container, so a StickyCover inside can tell when it is stuck.
 */
export function stickyBar(top: number, zIndex = 5): CSSProperties {
  return { position: "sticky", top, zIndex, background: "var(--mantine-color-body)", containerType: "scroll-state" as CSSProperties["containerType"] };
}

export const DESKTOP_QUERY = `(min-width: ${LAYOUT.breakpointPx}px)`;
