/**
 * Splits one line into plain text and `{command|arg|...}` fragments.
 * Braces do not nest; an unmatched brace makes the line invalid.
 */
export type RawPiece = { kind: "text"; value: string } | { kind: "command"; name: string; args: string[] };

export function splitFragments(line: string): RawPiece[] | string {
  const pieces: RawPiece[] = [];
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf("{", i);
    const strayClose = line.indexOf("}", i);
    if (strayClose !== -1 && (open === -1 || strayClose < open)) return `unmatched '}' at column ${strayClose + 1}`;
    if (open === -1) {
      pieces.push({ kind: "text", value: line.slice(i) });
      break;
    }
    if (open > i) pieces.push({ kind: "text", value: line.slice(i, open) });
    const close = line.indexOf("}", open + 1);
    const nested = line.indexOf("{", open + 1);
    if (close === -1) return `unclosed '{' at column ${open + 1}`;
    if (nested !== -1 && nested < close) return `nested '{' at column ${nested + 1}`;
    const [name, ...args] = line.slice(open + 1, close).split("|");
    pieces.push({ kind: "command", name: name.trim(), args });
    i = close + 1;
  }
  return pieces;
}
