import { constants, deflateRawSync, deflateSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { base64Bytes, inflateNative } from "../code";
import { decodePlanner, decodePlannerAsync, PlannerError, type PlannerErrorKind } from "../index";
import { corpusText } from "./corpus";

const MB = 1024 * 1024;

function code(xml: string): string {
  return deflateSync(Buffer.from(xml)).toString("base64url");
}

const BOMB_CHUNK = 64 * MB;
const BOMB_COPIES = 17;
const FINAL_BLOCK = Buffer.from([0x03, 0x00]); // an empty final fixed-Huffman block
const bombBlock = deflateRawSync(Buffer.alloc(BOMB_CHUNK), { level: 9, finishFlush: constants.Z_FULL_FLUSH });

/** A valid zlib stream of 17 x 64 MiB zeros (> 1 GiB): full-flush deflate blocks do not refer back, so one repeats. */
function zipBomb(): string {
  const chunk = BOMB_CHUNK;
  const copies = BOMB_COPIES;
  const block = bombBlock;
  const n = chunk * copies;
  // adler32 of n zero bytes: a stays 1, b adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array(copies).fill(block), FINAL_BLOCK, adler]);
  return stream.toString("base64url");
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const laughs =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("") +
  ']><PathOfBuilding><Build className="&lol9;"/></PathOfBuilding>';
const external =
  '<?xml version="1.0"?><!DOCTYPE PathOfBuilding [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
  '<PathOfBuilding><Build className="Witch"/><Notes>&xxe;</Notes></PathOfBuilding>';
const deep = '<PathOfBuilding><Build className="Witch"/><Notes>' + "<a>".repeat(10_000) + "</a>".repeat(10_000) + "</Notes></PathOfBuilding>";
const realCode = corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt").trim();
const random = rng(7);

const cases: [string, () => string, PlannerErrorKind][] = [
  ["truncated code", () => realCode.slice(0, realCode.length >> 1), "not_zlib"],
  ["random bytes", () => Buffer.from(Array.from({ length: 20_000 }, () => (random() * 256) | 0)).toString("base64url"), "not_zlib"],
  ["random text", () => Array.from({ length: 20_000 }, () => String.fromCharCode(32 + ((random() * 700) | 0))).join(""), "not_base64"],
  ["zip bomb over 1 GiB", zipBomb, "too_large"],
  ["billion laughs (XML)", () => laughs, "not_planner_xml"],
  ["billion laughs (code)", () => code(laughs), "not_planner_xml"],
  ["external entity (XML)", () => external, "not_planner_xml"],
  ["external entity (code)", () => code(external), "not_planner_xml"],
  ["10,000-deep nesting (XML)", () => deep, "not_planner_xml"],
  ["10,000-deep nesting (code)", () => code(deep), "not_planner_xml"],
  ["code over 2 MB", () => "A".repeat(3 * MB), "too_large"],
  ["XML over 4 MB", () => `<PathOfBuilding>${" ".repeat(5 * MB)}</PathOfBuilding>`, "too_large"],
  ["undefined entity", () => '<PathOfBuilding><Build/><Notes>&xxe;</Notes></PathOfBuilding>', "not_planner_xml"],
  ["empty input", () => "   ", "not_base64"],
];

describe("hostile input names the error quickly and within memory", () => {
  it.each(cases)("%s", (_, make, kind) => {
    const payload = make();
    const before = process.memoryUsage();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let error: unknown;
    try {
      decodePlanner(payload);
    } catch (e) {
      error = e;
    }
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const after = process.memoryUsage();
    expect(error).toBeInstanceOf(PlannerError);
    expect((error as PlannerError).kind).toBe(kind);
    // At most 1 s of CPU; wall time more loosely, since the test machine is shared.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
    expect(elapsed).toBeLessThan(5000);
    expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(64 * MB);
  });

  // The worker's path inflates natively (DecompressionStream): the same kind and message, within the same bounds.
  it.each(cases)("%s, through the native inflate", async (_, make, kind) => {
    const payload = make();
    let expected: unknown;
    try {
      decodePlanner(payload);
    } catch (e) {
      expected = e;
    }
    const before = process.memoryUsage();
    const cpuBefore = process.cpuUsage();
    const error = await decodePlannerAsync(payload).then(() => undefined, (e: unknown) => e);
    const cpu = process.cpuUsage(cpuBefore);
    const after = process.memoryUsage();
    expect(error).toBeInstanceOf(PlannerError);
    expect((error as PlannerError).kind).toBe(kind);
    expect((error as PlannerError).message).toBe((expected as PlannerError).message);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
    expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(64 * MB);
  });

  it("the native inflate itself inflates a real code, stops a bomb at the cap and leaves bad data to the JavaScript path", async () => {
    expect((await inflateNative(base64Bytes(realCode)))!.length).toBeGreaterThan(10_000);
    const cpuBefore = process.cpuUsage();
    const bomb = await inflateNative(Buffer.from(zipBomb(), "base64url")).catch((e: unknown) => e);
    expect((bomb as PlannerError).kind).toBe("too_large");
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
    expect(await inflateNative(base64Bytes(realCode.slice(0, realCode.length >> 1).replace(/=+$/, "")))).toBeNull();
  });

  it("the bomb really inflates past a gigabyte", () => {
    // Each repeated block inflates to 64 MiB on its own, and the stream holds 17 of them.
    expect(inflateRawSync(Buffer.concat([bombBlock, FINAL_BLOCK])).length).toBe(BOMB_CHUNK);
    expect(BOMB_CHUNK * BOMB_COPIES).toBeGreaterThan(1024 * MB);
    const stream = Buffer.from(zipBomb(), "base64url");
    expect(stream.length).toBe(2 + bombBlock.length * BOMB_COPIES + 2 + 4);
  });

  it("accepts nesting up to the limit", () => {
    const ok = '<PathOfBuilding><Build className="Witch"/>' + "<a>".repeat(31) + "</a>".repeat(31) + "</PathOfBuilding>";
    expect(decodePlanner(ok).className).toBe("Witch");
    expect(() => decodePlanner(ok.replace("<a>", "<a><a>").replace("</a>", "</a></a>"))).toThrow(
      "Planner XML is nested deeper than 32 elements.",
    );
  });
});
