/** Planner code (URL-safe base64 of zlib/gzip-deflated XML) or raw XML -> XML text, within the limits. */
import { Gunzip, Unzlib } from "fflate";
import { INFLATE_CEILING, MAX_CODE_CHARS, MAX_XML_BYTES } from "./limits";
import { PlannerError } from "./types";

const MB = 1024 * 1024;
const CODE = /^[A-Za-z0-9+/_-]+={0,2}$/;
const utf8 = new TextDecoder("utf-8");

/** XML text of a planner code or raw planner XML. */
export function plannerXmlText(input: string): string {
  const text = input.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("<")) {
    // UTF-8 length without encoding: each UTF-16 unit is at most 3 bytes.
    if (text.length * 3 > MAX_XML_BYTES && new TextEncoder().encode(text).length > MAX_XML_BYTES) {
      throw new PlannerError("too_large", `Planner XML is larger than ${MAX_XML_BYTES / MB} MB.`);
    }
    return text;
  }
  return utf8.decode(inflate(base64Bytes(text)));
}

export function base64Bytes(text: string): Uint8Array {
  if (text.length > MAX_CODE_CHARS) {
    throw new PlannerError("too_large", `Planner code is longer than ${MAX_CODE_CHARS / MB} MB.`);
  }
  let code = /\s/.test(text) ? text.replace(/\s+/g, "") : text;
  if (!code) throw new PlannerError("not_base64", "Planner code is empty.");
  if (!CODE.test(code)) throw new PlannerError("not_base64", "Planner code is not base64 text.");
  code = code.replace(/=+$/, "");
  if (code.length % 4 === 1) throw new PlannerError("not_base64", "Planner code is not base64 text.");
  code = code.replace(/-/g, "+").replace(/_/g, "/");
  let binary: string;
  try {
    binary = atob(code + "===".slice((code.length + 3) % 4));
  } catch {
    throw new PlannerError("not_base64", "Planner code is not base64 text.");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function tooLarge(): PlannerError {
  return new PlannerError("too_large", `Planner code inflates to more than ${MAX_XML_BYTES / MB} MB.`);
}

/**
 * Inflate with the platform's native DecompressionStream, several times faster
 * than inflating in JavaScript, above all in a fresh worker whose JavaScript
 * is still cold. Input goes in slices sized from the output budget left (as in
 * `inflate`), and the output stops at MAX_XML_BYTES, so a zip bomb costs
 * little. Returns null where the API is missing or the data does not inflate:
 * the caller then takes the JavaScript path, whose error kinds and messages
 * are the decoder's.
 */
export async function inflateNative(raw: Uint8Array): Promise<Uint8Array | null> {
  if (typeof DecompressionStream === "undefined") return null;
  const gzip = raw[0] === 0x1f && raw[1] === 0x8b;
  const stream = new DecompressionStream(gzip ? "gzip" : "deflate");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.length;
      if (total > MAX_XML_BYTES) {
        over = true;
        await reader.cancel();
        return;
      }
      chunks.push(value);
    }
  })();
  try {
    for (let at = 0; at < raw.length && !over; ) {
      const end = Math.min(at + Math.max(1, Math.floor((INFLATE_CEILING - total) / 1032)), raw.length);
      // The bytes come from base64Bytes or a Buffer, never shared memory.
      await writer.write(raw.subarray(at, end) as Uint8Array<ArrayBuffer>);
      at = end;
    }
    if (!over) await writer.close();
    await reading;
  } catch {
    if (!over) {
      void reading.catch(() => undefined);
      return null;
    }
  }
  if (over) throw tooLarge();
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** plannerXmlText, with the native inflate when it can; throws PlannerError the same way. */
export async function plannerXmlTextAsync(input: string): Promise<string> {
  const text = input.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("<")) return plannerXmlText(text);
  const inflated = await inflateNative(base64Bytes(text));
  return inflated ? utf8.decode(inflated) : plannerXmlText(text);
}

class OutputCapReached extends Error {}

/** Streaming inflate that stops as soon as the output passes MAX_XML_BYTES. */
export function inflate(raw: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const onData = (chunk: Uint8Array, final: boolean) => {
    total += chunk.length;
    if (total > MAX_XML_BYTES) throw new OutputCapReached();
    chunks.push(chunk);
    if (final) ended = true;
  };
  const gzip = raw[0] === 0x1f && raw[1] === 0x8b;
  const stream = gzip ? new Gunzip(onData) : new Unzlib(onData);
  try {
    // Deflate expands at most 1032x, so a push of (ceiling - output so far) / 1032 bytes
    // can never take the output past the ceiling: a zip bomb stops there.
    let at = 0;
    do {
      const size = Math.max(1, Math.floor((INFLATE_CEILING - total) / 1032));
      const end = Math.min(at + size, raw.length);
      stream.push(raw.subarray(at, end), end === raw.length);
      at = end;
    } while (at < raw.length);
  } catch (error) {
    if (error instanceof OutputCapReached) throw tooLarge();
    const message = error instanceof Error ? error.message : String(error);
    if (/unexpected EOF/i.test(message)) {
      throw new PlannerError("not_zlib", "Planner code is truncated: the compressed data ends early.");
    }
    throw new PlannerError("not_zlib", "Planner code is not zlib-compressed data.");
  }
  if (!ended) throw new PlannerError("not_zlib", "Planner code is truncated: the compressed data ends early.");
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
