/**
 * Planner note colours on the dark page: authors pick colours for the desktop
 * planner (even pure blue or black), so each is mixed towards white just far
 * enough to read at WCAG AA (4.5:1) on the page background.
 */
export const PAGE_BACKGROUND = "#242424";
export const MIN_CONTRAST = 4.5;

function rgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/** The colour itself when it reads well, else the least lightened version that does. */
export function readableOn(color: string, background = PAGE_BACKGROUND): string {
  if (!/^#[0-9a-f]{6}$/i.test(color) || contrast(color, background) >= MIN_CONTRAST) return color;
  const [r, g, b] = rgb(color);
  for (let t = 0.05; t <= 1; t += 0.05) {
    const mixed = `#${hex2(r + (255 - r) * t)}${hex2(g + (255 - g) * t)}${hex2(b + (255 - b) * t)}`;
    if (contrast(mixed, background) >= MIN_CONTRAST) return mixed;
  }
  return "#ffffff";
}
