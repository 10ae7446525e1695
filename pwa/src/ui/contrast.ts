/**
 * WCAG 2 contrast for colours we do not choose (item rarity colours from the game,
 * colour codes in a build's notes): lightened towards white just enough to reach
 * AA (4.5:1) on the dark theme's lightest card surface, so they keep their hue.
 */

/** Mantine dark-6, the lightest surface text sits on in the dark theme. */
export const DARK_SURFACE = "#2e2e2e";
export const AA = 4.5;

function rgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = rgb(a), cb = rgb(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` itself when it already passes on `background`, else the least lightened version that does. */
export function readable(colour: string, background = DARK_SURFACE): string {
  const c = rgb(colour);
  if (!c || contrastRatio(colour, background) >= AA) return colour;
  for (let t = 0.05; t <= 1; t += 0.05) {
    const mixed = c.map((v) => Math.round(v + (255 - v) * t));
    const hex = "#" + mixed.map((v) => v.toString(16).padStart(2, "0")).join("");
    if (contrastRatio(hex, background) >= AA) return hex;
  }
  return "#ffffff";
}
