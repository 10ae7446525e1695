/**
 * The route scripts guide/act-1.txt ... act-10.txt, bundled as raw text so the
 * guide works offline (they ship in the lazily loaded guide chunk).
 */
import type { GuideScript } from "@workers/guide/types";

const files = import.meta.glob("../../../../guide/act-*.txt", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

function actNumber(path: string): number {
  return Number(/act-(\d+)\.txt$/.exec(path)?.[1] ?? 0);
}

export const ROUTE_SCRIPTS: GuideScript[] = Object.entries(files)
  .sort(([a], [b]) => actNumber(a) - actNumber(b))
  .map(([path, text]) => ({ file: `act-${actNumber(path)}.txt`, text }));
