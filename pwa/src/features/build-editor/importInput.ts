/**
 * The one import box (editor loader, Change Build in the editor and the
 * tracker): which kind of input the user gave, a label that names it while it
 * loads, and an error of that kind only. A message never names a kind the user
 * did not give: a bad code never hears about pobb.in links.
 */
import { PASTE_ID, PLANNER_LINK_MESSAGE, type PasteHostKey } from "@workers/planner/links";

export type ImportInput =
  | { kind: "paste"; host: PasteHostKey; id: string; label: string }
  | { kind: "code"; code: string; label: string }
  | { kind: "xml"; code: string; label: string }
  | { kind: "waypoint"; slug: string; label: string }
  | { kind: "invalid"; message: string };

export type ImportKind = Exclude<ImportInput, { kind: "invalid" }>["kind"];

/** The paste hosts the server proxies: their names, link shapes and a sample link for the error texts. */
export const PASTE_HOSTS: Record<PasteHostKey, { name: string; link: RegExp; host: RegExp; example: string }> = {
  pobb: { name: "pobb.in", link: /^(?:https?:\/\/)?pobb\.in\/([A-Za-z0-9_-]{12})\/?$/i, host: /^pobb\.in$/i, example: "pobb.in/Ab3_-xyZ0123" },
  pastebin: { name: "pastebin", link: /^(?:https?:\/\/)?(?:www\.)?pastebin\.com\/(?:raw\/)?([A-Za-z0-9]{4,16})\/?$/i, host: /^(?:www\.)?pastebin\.com$/i, example: "pastebin.com/Xy12Ab34" },
  poeninja: { name: "poe.ninja", link: /^(?:https?:\/\/)?(?:www\.)?poe\.ninja\/(?:poe1\/)?pob\/(?:raw\/)?([A-Za-z0-9]{1,32})\/?$/i, host: /^(?:www\.)?poe\.ninja$/i, example: "poe.ninja/pob/f00d12" },
  maxroll: { name: "maxroll", link: /^(?:https?:\/\/)?(?:www\.)?maxroll\.gg\/poe\/pob\/([A-Za-z0-9_-]{1,32})\/?$/i, host: /^(?:www\.)?maxroll\.gg$/i, example: "maxroll.gg/poe/pob/abc123" },
};

export const ACCEPTED = "a pobb.in, pastebin, poe.ninja or maxroll link, a planner code, a Waypoint build link or slug, or planner XML";

export const INPUT_ERRORS = {
  empty: `Paste ${ACCEPTED}, or drop a planner XML file.`,
  /** The spec's message (§5), only for a pobb.in link. */
  pobb: PLANNER_LINK_MESSAGE,
  pasteId: (host: PasteHostKey) => `This ${PASTE_HOSTS[host].name} link has no paste id; it should look like ${PASTE_HOSTS[host].example}.`,
  otherHost: (host: string) => `Links of ${host} are not accepted. Use a pobb.in, pastebin, poe.ninja or maxroll link, or a Waypoint build link.`,
  waypointLink: "This Waypoint link names no build; a build link looks like /build/view/abcd2345.",
  text: "This is not a link, a planner code or a Waypoint slug. A planner code is one long run of letters, digits, - and _ (Path of Building: Import/Export Build, Generate).",
  file: (name: string) => `${name} is not a planner export: it holds neither planner XML nor a planner code.`,
} as const;

/** Build view links: the app's own '/build/view/{slug}' on any origin (a share link), or the path alone. */
const WAYPOINT_LINK = /^(?:(?:https?:\/\/)?[^/\s]+)?\/build\/view\/([^/?#\s]*)/i;
const LINK_HOST = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?:\/|$)/i;
/** Build ids (uuids) and slugs (8 letters and digits on this server; other forms from bulk-inserted data). */
const SLUG = /^[A-Za-z0-9_-]{4,36}$/;
const CODE_TEXT = /^[A-Za-z0-9+/_=-]+$/;
/** No planner code is this short: the smallest export deflates to far more. */
const MIN_CODE_LENGTH = 40;

/** What the field (or a dropped file, named by `fileName`) holds. */
export function readImportInput(text: string, fileName?: string): ImportInput {
  const t = text.trim();
  const fromFile = fileName ? ` from ${fileName}` : "";
  if (!t) return { kind: "invalid", message: fileName ? INPUT_ERRORS.file(fileName) : INPUT_ERRORS.empty };
  if (t.startsWith("<")) return { kind: "xml", code: t, label: `planner XML${fromFile}` };
  const compact = t.replace(/\s+/g, "");
  if (fileName) {
    return CODE_TEXT.test(compact) ? { kind: "code", code: compact, label: `planner code${fromFile}` } : { kind: "invalid", message: INPUT_ERRORS.file(fileName) };
  }
  for (const [host, h] of Object.entries(PASTE_HOSTS) as [PasteHostKey, (typeof PASTE_HOSTS)[PasteHostKey]][]) {
    const m = h.link.exec(t);
    if (m && (host !== "pobb" || PASTE_ID.test(m[1]))) return { kind: "paste", host, id: m[1], label: `${h.name} link` };
  }
  const view = WAYPOINT_LINK.exec(t);
  if (view) return view[1] ? { kind: "waypoint", slug: decodeURIComponent(view[1]), label: `Waypoint build '${view[1]}'` } : { kind: "invalid", message: INPUT_ERRORS.waypointLink };
  const host = LINK_HOST.exec(t)?.[1];
  if (host || /^https?:\/\//i.test(t)) {
    const known = (Object.keys(PASTE_HOSTS) as PasteHostKey[]).find((k) => host && PASTE_HOSTS[k].host.test(host));
    if (known === "pobb") return { kind: "invalid", message: INPUT_ERRORS.pobb };
    if (known) return { kind: "invalid", message: INPUT_ERRORS.pasteId(known) };
    return { kind: "invalid", message: INPUT_ERRORS.otherHost(host ?? t.replace(/^https?:\/\//i, "").split("/")[0]) };
  }
  if (SLUG.test(t)) return { kind: "waypoint", slug: t, label: `Waypoint build '${t}'` };
  if (CODE_TEXT.test(compact) && compact.length >= MIN_CODE_LENGTH) return { kind: "code", code: compact, label: "planner code" };
  return { kind: "invalid", message: INPUT_ERRORS.text };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What a load found, said once it is loaded: "Slayer (Duelist), version 3.28: 3 passive trees, 2 item sets, 1 skill set". */
export function loadSummary(b: { className: string; ascendancyName: string; trees: { treeVersion: string }[]; itemSets: unknown[]; skillSets: unknown[] }): string {
  const cls = b.ascendancyName ? `${b.ascendancyName} (${b.className})` : b.className;
  const versions = [...new Set(b.trees.map((t) => t.treeVersion.replace("_", ".")).filter(Boolean))];
  const version = versions.length ? `, version ${versions.join(", ")}` : "";
  return `${cls}${version}: ${plural(b.trees.length, "passive tree")}, ${plural(b.itemSets.length, "item set")}, ${plural(b.skillSets.length, "skill set")}`;
}

/** "Suggested 1 step" / "Suggested 7 steps". */
export const suggestedTitle = (n: number) => `Suggested ${plural(n, "step")}, one per passive tree`;
