/** The loader field: a pobb.in link (spec §5) or a raw planner code. */

export const PLANNER_LINK_HOST = "pobb.in";
export const PLANNER_LINK_MAX_LENGTH = 28;
export const PLANNER_LINK_MESSAGE = `Link must start with ${PLANNER_LINK_HOST}/ followed by 12 characters.`;
/** A pobb.in paste id: exactly 12 letters, digits, "_" or "-". */
export const PASTE_ID = /^[A-Za-z0-9_-]{12}$/;
const LINK = /^(?:https?:\/\/)?pobb\.in\/([A-Za-z0-9_-]{12})$/;
const LOOKS_LIKE_LINK = /^(?:https?:\/\/|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i;
const CODE_TEXT = /^[A-Za-z0-9+/_=-]+$/;

/** The spec's message when the link is invalid, else null. */
export function validatePlannerLink(input: string): string | null {
  const link = input.trim();
  if (link.length > PLANNER_LINK_MAX_LENGTH || !LINK.test(link)) return PLANNER_LINK_MESSAGE;
  return null;
}

export type PlannerInput =
  | { kind: "pobb"; id: string }
  | { kind: "code"; code: string }
  | { kind: "error"; message: string };

/** A link gives its paste id; a pasted planner code (or raw XML) is kept as is. */
export function parsePlannerInput(input: string): PlannerInput {
  const text = input.trim();
  if (text.startsWith("<")) return { kind: "code", code: text };
  const compact = text.replace(/\s+/g, "");
  if (LOOKS_LIKE_LINK.test(text) || compact.length <= PLANNER_LINK_MAX_LENGTH || !CODE_TEXT.test(compact)) {
    const error = validatePlannerLink(text);
    return error ? { kind: "error", message: error } : { kind: "pobb", id: LINK.exec(text)![1] };
  }
  return { kind: "code", code: compact };
}
