/** Test and benchmark hook: `canvas.__tree.art()` reports the art layer's state (see e2e/test_tree_art.py). */
export interface ArtDebug {
  loaded: boolean;
  frames: number;
  /** Whether the first frame had the art (it never should). */
  inFirstFrame: boolean;
  /** Milliseconds from the first frame to the art being uploaded, and to it first being drawn. */
  readyMs: number | null;
  drawnMs: number | null;
  legible: boolean;
  /** Frames drawn with the group backgrounds and line art, and their quad counts (null until loaded). */
  decoFrames: number;
  decoQuads: { backgrounds: number; lines: number } | null;
  /** Frames drawn with the backdrops (tile, ascendancy backdrops, class start art), their quad counts, and ms from the first frame to their upload. */
  backdropFrames: number;
  backdropQuads: { tile: number; ascendancies: number; classStarts: number; ascendancyStarts: number } | null;
  backdropReadyMs: number | null;
  /** The GPU's texture size the backdrop sheets were split to (sheetSplit.ts), and the textures they became. */
  textureLimit: number | null;
  backdropTextures: number | null;
}

export function exposeArtDebug(canvas: HTMLCanvasElement, read: () => ArtDebug): void {
  const api = (canvas as HTMLCanvasElement & { __tree?: Record<string, unknown> }).__tree;
  if (api) api.art = read;
}
