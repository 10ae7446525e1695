/** Small inline icons (no icon font, no extra download). */
type P = { size?: number };
const svg = (d: string) =>
  function Icon({ size = 22 }: P) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
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
