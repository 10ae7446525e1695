/**
 * The loader field: a pobb.in link (spec §5), a link of another paste host the
 * server proxies (pastebin, poe.ninja, maxroll; ids as server/planner/pobb.py
 * HOSTS), or a raw planner code / raw XML.
 */

export const PLANNER_LINK_HOST = "pobb.in";
export const PLANNER_LINK_MAX_LENGTH = 28;
export const PLANNER_LINK_MESSAGE = `Link must start with ${PLANNER_LINK_HOST}/ followed by 12 characters.`;
/** A pobb.in paste id: exactly 12 letters, digits, "_" or "-". */
export const PASTE_ID = /^[A-Za-z0-9_-]{12}$/;
const LINK = /^(?:https?:\/\/)?pobb\.in\/([A-Za-z0-9_-]{12})$/;
const LOOKS_LIKE_LINK = /^(?:https?:\/\/|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i;
const CODE_TEXT = /^[A-Za-z0-9+/_=-]+$/;

export type PasteHostKey = "pobb" | "pastebin" | "poeninja" | "maxroll";

/** Links of the other proxied hosts; the path segment is the id the proxy fetches. */
const OTHER_HOSTS: { kind: Exclude<PasteHostKey, "pobb">; link: RegExp }[] = [
  { kind: "pastebin", link: /^(?:https?:\/\/)?(?:www\.)?pastebin\.com\/(?:raw\/)?([A-Za-z0-9]{4,16})\/?$/i },
  { kind: "poeninja", link: /^(?:https?:\/\/)?(?:www\.)?poe\.ninja\/(?:poe1\/)?pob\/(?:raw\/)?([A-Za-z0-9]{1,32})\/?$/i },
  { kind: "maxroll", link: /^(?:https?:\/\/)?(?:www\.)?maxroll\.gg\/poe\/pob\/([A-Za-z0-9_-]{1,32})\/?$/i },
];

/** The spec's message when the link is invalid, else null. */
export function validatePlannerLink(input: string): string | null {
  const link = input.trim();
  if (link.length > PLANNER_LINK_MAX_LENGTH || !LINK.test(link)) return PLANNER_LINK_MESSAGE;
  return null;
}

export type PlannerInput =
  | { kind: PasteHostKey; id: string }
  | { kind: "code"; code: string }
  | { kind: "error"; message: string };

/** A link gives its host and paste id; a pasted planner code (or raw XML) is kept as is. */
export function parsePlannerInput(input: string): PlannerInput {
  const text = input.trim();
  if (text.startsWith("<")) return { kind: "code", code: text };
  for (const host of OTHER_HOSTS) {
    const m = host.link.exec(text);
    if (m) return { kind: host.kind, id: m[1] };
  }
  const compact = text.replace(/\s+/g, "");
  if (LOOKS_LIKE_LINK.test(text) || compact.length <= PLANNER_LINK_MAX_LENGTH || !CODE_TEXT.test(compact)) {
    const error = validatePlannerLink(text);
    return error ? { kind: "error", message: error } : { kind: "pobb", id: LINK.exec(text)![1] };
  }
  return { kind: "code", code: compact };
}
