/**
 * Set ids, shared with server/planner/sets.py.
 *
 * A set's id is its title trimmed (of XML whitespace) and lower-cased; a missing or blank title is
 * "Default". Titles with no letter or digit are ignored (null). Repeated ids
 * get " (2)", " (3)", ... in document order.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}

/** The display title, or null when the set is ignored. */
/** XML whitespace only (not JS's wider trim set), exactly as sets.py strips. */
const XML_SPACE_EDGES = /^[ \t\n\r]+|[ \t\n\r]+$/g;

export function setTitle(raw: string | undefined | null): string | null {
  const title = raw === undefined || raw === null ? "" : raw.replace(XML_SPACE_EDGES, "");
  if (!title) return "Default";
  return hasLetterOrDigit(title) ? title : null;
}

/**
 * {id, title} per raw title in order; null for ignored sets.
 * Linear: each base id keeps the last suffix it reached. Ids are never freed, so the smallest
 * free suffix for a base only grows, and each used id is probed at most once.
 */
export function assignSetIds(titles: (string | undefined | null)[]): ({ id: string; title: string } | null)[] {
  const used = new Set<string>();
  const lastN = new Map<string, number>();
  return titles.map((raw) => {
    const title = setTitle(raw);
    if (title === null) return null;
    const base = title.toLowerCase();
    let id = base;
    // A title that itself reads "x (2)" must not collide with a repeated "x".
    if (used.has(id)) {
      let n = lastN.get(base) ?? 1;
      while (used.has(id)) id = `${base} (${++n})`;
      lastN.set(base, n);
    }
    used.add(id);
    return { id, title };
  });
}
