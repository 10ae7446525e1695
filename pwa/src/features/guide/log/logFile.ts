/**
 * The File System Access API, only as far as following one text file needs it:
 * pick it, keep read permission on the next visit, read it. Desktop Chromium
 * (Chrome, Edge, Opera, Brave) has it; Firefox, Safari and every mobile browser
 * do not (checked by feature, never by browser name). The file is read on this
 * device; nothing from it is sent anywhere.
 */

type Permission = "granted" | "denied" | "prompt";
interface PermissionHandle {
  queryPermission?(d: { mode: "read" }): Promise<Permission>;
  requestPermission?(d: { mode: "read" }): Promise<Permission>;
}
interface PickerWindow {
  showOpenFilePicker?(options?: {
    id?: string;
    multiple?: boolean;
    excludeAcceptAllOption?: boolean;
    types?: { description: string; accept: Record<string, string[]> }[];
  }): Promise<FileSystemFileHandle[]>;
}

export function canFollowLog(): boolean {
  return typeof window !== "undefined" && typeof (window as PickerWindow).showOpenFilePicker === "function";
}

/** The picked file, or null when the player closed the picker. */
export async function pickLogFile(): Promise<FileSystemFileHandle | null> {
  const picker = (window as PickerWindow).showOpenFilePicker;
  if (!picker) return null;
  try {
    const [handle] = await picker.call(window, {
      id: "poe-client-log",
      multiple: false,
      types: [{ description: "Path of Exile log (Client.txt)", accept: { "text/plain": [".txt"] } }],
    });
    return handle ?? null;
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") return null;
    throw e;
  }
}

/** Read permission on a kept handle; with `ask`, the browser's one-click prompt (needs a click to call it). */
export async function readPermission(handle: FileSystemFileHandle, ask: boolean): Promise<Permission> {
  const h = handle as FileSystemFileHandle & PermissionHandle;
  // Handles without the permission methods (the origin-private file system's) are always readable.
  const call = ask ? h.requestPermission : h.queryPermission;
  return call ? call.call(h, { mode: "read" }) : "granted";
}
