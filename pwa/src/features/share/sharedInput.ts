/**
 * What another app shared to Waypoint (Web Share Target) or opened with it (a
 * planner XML file, File Handling), on its way to the build editor's import
 * box. The share page keeps it in sessionStorage for the one tab it arrived in;
 * the editor's loader takes it once.
 */

export interface SharedInput {
  text: string;
  /** Shown as where the build came from (the file's name, or the link). */
  source: string;
  kind: "text" | "file";
}

export const SHARED_KEY = "waypoint:shared-input";
/** The build loader's own limit for a planner file (a planner export is far smaller). */
export const MAX_SHARED_FILE_BYTES = 4 * 1024 * 1024;

const LINK = /https?:\/\/[^\s<>"']+/i;

/**
 * The import box's text from a share's fields: the shared link; else the first
 * link in the text ("Look at my build https://pobb.in/abc"), else the text itself
 * (a planner code); else the title. Null when nothing usable was shared.
 */
export function sharedInputFromParams(params: URLSearchParams): SharedInput | null {
  const url = params.get("url")?.trim();
  if (url) return { text: url, source: url, kind: "text" };
  for (const field of ["text", "title"]) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    const link = LINK.exec(value)?.[0];
    return link ? { text: link, source: link, kind: "text" } : { text: value, source: "shared text", kind: "text" };
  }
  return null;
}

export function putSharedInput(input: SharedInput, store: Storage = sessionStorage): void {
  store.setItem(SHARED_KEY, JSON.stringify(input));
}

/** The shared input, removed as it is read (a reload does not load it again). */
export function takeSharedInput(store: Storage | undefined = globalThis.sessionStorage): SharedInput | null {
  if (!store) return null;
  const raw = store.getItem(SHARED_KEY);
  if (raw === null) return null;
  store.removeItem(SHARED_KEY);
  try {
    const s = JSON.parse(raw) as SharedInput;
    return typeof s.text === "string" && typeof s.source === "string" && (s.kind === "text" || s.kind === "file") ? s : null;
  } catch {
    return null;
  }
}
