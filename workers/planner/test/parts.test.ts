import { deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "../index";
import { noteSegments, plainNotes } from "../notes";
import { decodeTreeUrl } from "../treeUrl";

function urlOf(bytes: number[]): string {
  return "https://www.pathofexile.com/passive-skill-tree/" + Buffer.from(bytes).toString("base64url");
}

describe("tree URLs", () => {
  it("reads version 4: class, ascendancy and nodes", () => {
    expect(decodeTreeUrl(urlOf([0, 0, 0, 4, 3, 2, 0, 0x1c, 0xdc, 0x10, 0x58]))).toEqual({
      version: 4,
      classId: 3,
      ascendancyId: 2,
      nodes: [7388, 4184],
      masteryEffects: {},
    });
  });

  it("reads version 6: counted nodes, cluster nodes and masteries", () => {
    const bytes = [0, 0, 0, 6, 5, 1, 2, 0x00, 0x01, 0x00, 0x02, 1, 0x00, 0x03, 1, 0xfd, 0x6b, 0xaf, 0x94];
    expect(decodeTreeUrl(urlOf(bytes))).toEqual({
      version: 6,
      classId: 5,
      ascendancyId: 1,
      nodes: [1, 2, 65539],
      masteryEffects: { 44948: 64875 },
    });
  });

  it("returns null for what it cannot read", () => {
    expect(decodeTreeUrl("https://www.pathofexile.com/passive-skill-tree/")).toBeNull();
    expect(decodeTreeUrl(urlOf([0, 0, 0, 9, 1, 1, 0]))).toBeNull();
    expect(decodeTreeUrl("https://x/%%%")).toBeNull();
  });
});

describe("notes", () => {
  it("splits colour codes into segments", () => {
    expect(noteSegments("plain ^1red^x00ff00green^7 white")).toEqual([
      { text: "plain ", color: null },
      { text: "red", color: "#FF0000" },
      { text: "green", color: "#00FF00" },
      { text: " white", color: "#FFFFFF" },
    ]);
    expect(noteSegments("")).toEqual([]);
    expect(plainNotes("^1a^xABCDEFb^")).toBe("ab^");
  });
});

describe("input forms", () => {
  const xml = '<?xml version="1.0"?><PathOfBuilding><Build className="Witch" ascendClassName="None" level="3"/></PathOfBuilding>';
  const deflated = deflateSync(Buffer.from(xml));

  it("accepts URL-safe and standard base64, with or without padding, and gzip", () => {
    const std = deflated.toString("base64");
    for (const code of [std, std.replace(/=+$/, ""), deflated.toString("base64url"), `  ${std}\n`]) {
      expect(decodePlanner(code)).toMatchObject({ className: "Witch", ascendancyName: "", level: 3 });
    }
    expect(decodePlanner(gzipSync(Buffer.from(xml)).toString("base64url")).className).toBe("Witch");
  });

  it("decodes entities in attributes and text", () => {
    const build = decodePlanner(
      '<PathOfBuilding><Build className="Witch"/><Notes>a &amp; b &lt;c&gt; &#65;&#x42; it&apos;s</Notes></PathOfBuilding>',
    );
    expect(build.notes).toBe("a & b <c> AB it's");
  });
});
