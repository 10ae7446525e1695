/** Canvas button icons; fullscreen toggles between its enter and exit icons. */
const svg = (d: string) =>
  function Icon({ size = 18 }: { size?: number }) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
        strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={d} />
      </svg>
    );
  };

export const IconFullscreenEnter = svg("M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5");
export const IconFullscreenExit = svg("M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5");
export const IconReset = svg("M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4");
