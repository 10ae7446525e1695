/** Small inline icons (no icon font, no extra download). */
type P = { size?: number };
const svg = (d: string, defaultSize = 22, strokeWidth = 1.8) =>
  function Icon({ size = defaultSize }: P) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={strokeWidth}
        strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={d} />
      </svg>
    );
  };

export const IconBrowse = svg("M4 5h16M4 12h16M4 19h10");
export const IconTracker = svg("M3 17l6-6 4 4 8-8M15 7h6v6");
export const IconCommunity = svg("M4 5h16v11H9l-5 4z");
export const IconChevronLeft = svg("M15 6l-6 6 6 6");
export const IconChevronRight = svg("M9 6l6 6-6 6");

// Canvas buttons of the passive tree; fullscreen toggles between its enter and exit icons.
export const IconFullscreenEnter = svg("M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5", 18, 2);
export const IconFullscreenExit = svg("M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5", 18, 2);
export const IconReset = svg("M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4", 18, 2);
