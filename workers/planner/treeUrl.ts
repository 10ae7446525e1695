/**
 * Official passive-tree URLs (versions 1-6), for planner specs without a
 * `nodes` attribute. Same layout as server/planner/treeurl.py and the
 * planner's PassiveSpec:DecodeURL: 4-byte version, class id, ascendancy id
 * (version >= 4), then 16-bit node ids; version >= 5 adds a count byte, a
 * cluster-node list (ids + 65536) and, in version 6, mastery pairs.
 */

export interface TreeUrl {
  version: number;
  classId: number;
  ascendancyId: number;
  nodes: number[];
  masteryEffects: Record<number, number>;
}

function bytesOf(tail: string): Uint8Array | null {
  const code = tail.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(code) || code.length % 4 === 1) return null;
  try {
    const binary = atob(code + "===".slice((code.length + 3) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

function pairs(b: Uint8Array, start: number, end: number, offset = 0): number[] {
  const out: number[] = [];
  for (let i = start; i + 1 < Math.min(end, b.length); i += 2) out.push(((b[i] << 8) | b[i + 1]) + offset);
  return out;
}

/** null when the URL is not a tree link we can read. */
export function decodeTreeUrl(url: string): TreeUrl | null {
  const path = url.trim().split("?")[0];
  const b = bytesOf(path.slice(path.lastIndexOf("/") + 1));
  if (!b || b.length < 6) return null;
  const version = ((b[0] << 24) >>> 0) + (b[1] << 16) + (b[2] << 8) + b[3];
  if (version > 6) return null;
  const classId = b[4];
  const ascendancyId = version >= 4 ? b[5] : 0;
  const masteryEffects: Record<number, number> = {};
  if (version < 5) {
    const start = version >= 4 ? 7 : 6;
    return { version, classId, ascendancyId, nodes: pairs(b, start, b.length), masteryEffects };
  }
  let pos = 6;
  let count = pos < b.length ? b[pos] : 0;
  const nodes = pairs(b, pos + 1, pos + 1 + 2 * count);
  pos += 1 + 2 * count;
  if (pos < b.length) {
    count = b[pos];
    nodes.push(...pairs(b, pos + 1, pos + 1 + 2 * count, 65536));
    pos += 1 + 2 * count;
  }
  if (version >= 6 && pos < b.length) {
    count = b[pos];
    const end = Math.min(pos + 1 + 4 * count, b.length);
    for (let i = pos + 1; i + 3 < end; i += 4) {
      masteryEffects[(b[i + 2] << 8) | b[i + 3]] = (b[i] << 8) | b[i + 1];
    }
  }
  return { version, classId, ascendancyId, nodes, masteryEffects };
}
