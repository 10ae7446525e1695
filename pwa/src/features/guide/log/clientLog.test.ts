import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lineTime, parseLogLine, scanEventBytes, type LogEvent } from "./clientLog";

const FIXTURE = readFileSync(new URL("./test/client-acts-1-3.txt", import.meta.url), "utf8").split("\n");

describe("Client.txt lines", () => {
  it("reads the four line shapes of the issue", () => {
    expect(parseLogLine('2023/12/09 20:15:19 76512546 1186a0e0 [DEBUG Client 22384] Generating level 1 area "1_1_1" with seed 1780194933')).toEqual({
      kind: "area",
      time: Date.UTC(2023, 11, 9, 20, 15, 19),
      areaLevel: 1,
      areaId: "1_1_1",
    });
    expect(parseLogLine("2023/12/09 20:15:22 76515625 f22b6b26 [INFO Client 22384] : You have entered The Twilight Strand.")).toMatchObject({
      kind: "entered",
      name: "The Twilight Strand",
    });
    expect(parseLogLine("2023/12/09 20:18:40 76713640 f22b6b26 [INFO Client 22384] : Wanderer (Ranger) is now level 2")).toMatchObject({
      kind: "level",
      character: "Wanderer",
      className: "Ranger",
      level: 2,
    });
    expect(parseLogLine("2023/12/09 20:20:01 76794001 f22b6b26 [INFO Client 22384] : Wanderer has been slain.")).toMatchObject({
      kind: "slain",
      character: "Wanderer",
    });
    expect(parseLogLine("2023/12/09 20:10:00 ***** LOG FILE OPENING *****")).toEqual({ kind: "opening", time: Date.UTC(2023, 11, 9, 20, 10, 0) });
  });

  it("reads another player joining or leaving the player's area (a party member, a buyer)", () => {
    expect(parseLogLine("2023/12/09 20:21:30 76883000 f22b6b26 [INFO Client 22384] : Helper has joined the area.\r")).toEqual({
      kind: "other",
      time: Date.UTC(2023, 11, 9, 20, 21, 30),
      name: "Helper",
    });
    expect(parseLogLine("2023/12/09 20:25:00 77093000 f22b6b26 [INFO Client 22384] : Helper has left the area.")).toMatchObject({ kind: "other", name: "Helper" });
    expect(parseLogLine("2023/12/09 20:21:30 1 a [INFO Client 1] #Chatter_42: Helper has joined the area.")).toBeNull();
    expect(parseLogLine("2023/12/09 20:21:30 1 a [INFO Client 1] : Helper has joined the party.")).toBeNull();
  });

  it("reads ids the names repeat under, and the labyrinth's", () => {
    expect(parseLogLine('2024/07/26 21:00:00 1 a [DEBUG Client 1] Generating level 45 area "2_6_1" with seed 5')).toMatchObject({ areaId: "2_6_1", areaLevel: 45 });
    expect(parseLogLine('2024/07/26 21:00:00 1 a [DEBUG Client 1] Generating level 33 area "Labyrinth_Airlock" with seed 1')).toMatchObject({ areaId: "Labyrinth_Airlock" });
  });

  it("takes a line ending in CR LF", () => {
    expect(parseLogLine("2023/12/09 20:18:40 76713640 f22b6b26 [INFO Client 22384] : Wanderer (Deadeye) is now level 40\r")).toMatchObject({ className: "Deadeye", level: 40 });
  });

  it("ignores chat that looks like a level-up or a death, and lines it does not know", () => {
    const lines = [
      "2024/07/26 20:30:00 1 a [INFO Client 22384] #Chatter_42: Wanderer (Ranger) is now level 90",
      "2024/07/26 20:30:00 1 a [INFO Client 22384] @From TraderBob: Wanderer has been slain.",
      "2024/07/26 20:30:00 1 a [INFO Client 22384] Wanderer: You have entered The Coast.",
      "2024/07/26 20:30:00 1 a [INFO Client 22384] : You have joined global chat channel 820 English.",
      "2024/07/26 20:30:00 1 a [INFO Client 22384] [SCENE] Set Source [The Coast]",
      "2024/07/26 20:30:00 1 a [DEBUG Client 22384] Got Instance Details from login server",
      "2024/07/26 20:30:00 1 a [INFO Client 22384] : The Hideout has been slain.",
      "",
      "garbage",
      "20XX/07/26 20:30:00 1 a [INFO Client 22384] : Wanderer has been slain.",
    ];
    for (const line of lines) expect(parseLogLine(line), line).toBeNull();
  });

  it("drops a line cut in half wherever it is cut, except where the cut leaves a whole line", () => {
    const full = '2024/07/26 20:09:13 77065846 1186a0e0 [DEBUG Client 22384] Generating level 3 area "1_1_2a" with seed 4017140929';
    for (let cut = 0; cut < full.length; cut++) {
      const event = parseLogLine(full.slice(0, cut));
      // "... with seed 40" is still a whole line to the parser; the reader never hands it a cut line.
      if (event) expect(full.slice(0, cut)).toMatch(/with seed \d+$/);
    }
  });

  it("reads every line of the act 1-3 fixture without throwing, and knows its events", () => {
    const kinds = FIXTURE.map(parseLogLine).filter((e) => e !== null).map((e) => e.kind);
    expect(kinds.filter((k) => k === "area")).toHaveLength(kinds.filter((k) => k === "entered").length);
    expect(kinds.filter((k) => k === "slain")).toHaveLength(2);
    expect(kinds.filter((k) => k === "level")).toHaveLength(32);
    expect(kinds.filter((k) => k === "opening")).toHaveLength(1);
  });

  it("reads the timestamp as a number of milliseconds for differences", () => {
    expect(lineTime("2024/07/26 20:00:01 x")! - lineTime("2024/07/26 19:59:59 y")!).toBe(2000);
    expect(lineTime("2024/07/26")).toBeNull();
  });
});

/** The events the reader's byte scan finds in a block of lines, as parseLogLine writes them. */
function scanned(block: Uint8Array): LogEvent[] {
  const out: LogEvent[] = [];
  scanEventBytes(block, {
    area: (time, areaLevel, areaId) => out.push({ kind: "area", time, areaLevel, areaId }),
    level: (time, character, className, level) => out.push({ kind: "level", time, character, className, level }),
    slain: (time, character) => out.push({ kind: "slain", time, character }),
    other: (time, name) => out.push({ kind: "other", time, name }),
    opening: (time) => out.push({ kind: "opening", time }),
  });
  return out;
}

/** What parseLogLine finds in the same lines, without "You have entered" (the follower has no use for it). */
function parsed(lines: readonly string[]): LogEvent[] {
  return lines.map(parseLogLine).filter((e): e is LogEvent => e !== null && e.kind !== "entered");
}

const SHAPES = [
  '2023/12/09 20:15:19 76512546 1186a0e0 [DEBUG Client 22384] Generating level 1 area "1_1_1" with seed 1780194933',
  "2023/12/09 20:18:40 76713640 f22b6b26 [INFO Client 22384] : Wanderer (Ranger) is now level 2",
  "2023/12/09 20:20:01 76794001 f22b6b26 [INFO Client 22384] : Wanderer has been slain.",
  "2023/12/09 20:21:30 76883000 f22b6b26 [INFO Client 22384] : Helper has joined the area.",
  "2023/12/09 20:25:00 77093000 f22b6b26 [INFO Client 22384] : Helper has left the area.",
  "2023/12/09 20:10:00 ***** LOG FILE OPENING *****",
];

describe("the reader's scan of the bytes", () => {
  const encode = (lines: readonly string[]) => new TextEncoder().encode(lines.join("\n"));

  it("finds the events parseLogLine finds in the act 1-3 log, in order", () => {
    const events = scanned(encode(FIXTURE));
    expect(events).toEqual(parsed(FIXTURE));
    expect(events.filter((e) => e.kind === "level")).toHaveLength(32);
  });

  it("takes and leaves the same lines as parseLogLine: every cut, every one-character change, CR LF, other scripts", () => {
    const lines: string[] = [];
    for (const shape of SHAPES) {
      for (let cut = 0; cut <= shape.length; cut++) lines.push(shape.slice(0, cut));
      for (let i = 0; i < shape.length; i++) for (const c of ["x", "9", " ", "]", '"', "é"]) lines.push(shape.slice(0, i) + c + shape.slice(i + 1));
      lines.push(shape + "\r", shape + " ", shape + "\r\r");
    }
    lines.push(
      '2024/07/26 21:00:00 1 a [DEBUG Client 1] Generating level 68 area "Mapé_Wörld 猫" with seed 5',
      "2024/07/26 21:00:00 no bracket at all, the next line starts with one",
      " ] : Wanderer has been slain.",
      "2024/07/26 21:00:00 1 a [INFO Client 1] : Two Words has been slain.",
      "2024/07/26 21:00:00 1 a [INFO Client 1] [SCENE] : Wanderer has been slain.",
      "2024/07/26 21:00:00 1 a [INFO Client 1] : Wanderer (Deadeye) is now level ",
      "2024/07/26 21:00:00 1 a [INFO Client 1] : Wanderer () is now level 3",
      "2024/07/26 21:00:00 1 a [INFO Client 1] : Wanderer (Dead eye) is now level 3",
      "2024/07/26 21:00:00 1 a [INFO Client 1] :",
      "2024/07/26 21:00:00 1 a [INFO Client 1] ",
      "2024/07/26 21:00:00 ",
      ...FIXTURE.slice(0, 40),
    );
    expect(scanned(encode(lines))).toEqual(parsed(lines));
    // The block may end anywhere, the scan never reads past it.
    const block = encode(SHAPES);
    for (let end = 0; end <= block.length; end++) expect(scanned(block.subarray(0, end))).toEqual(parsed(new TextDecoder().decode(block.subarray(0, end)).split("\n")));
  });

  it("gives the same word the same string, and a non-ASCII one decoded", () => {
    const events = scanned(encode([SHAPES[1], SHAPES[2], '2024/07/26 21:00:00 1 a [DEBUG Client 1] Generating level 68 area "Wörld" with seed 5']));
    expect(events.map((e) => ("character" in e ? e.character : e.kind === "area" ? e.areaId : null))).toEqual(["Wanderer", "Wanderer", "Wörld"]);
  });
});
