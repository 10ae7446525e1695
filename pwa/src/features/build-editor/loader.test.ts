import { describe, expect, it } from "vitest";
import { decodePlanner, encodePlannerXml, tryDecodePlanner, tryPlannerCode } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import { ApiRequestError } from "../../data/api";
import { PlannerDecodeError } from "../../data/planner";
import { realClassTable } from "../tracker/test/testClasses";
import { NoUsableTreeError, type ClassNames } from "./classCheck";
import { LOAD_ERRORS, loadErrorFor, loadInput, proxyPath, readLoaderInput, type LoaderDeps } from "./loader";

const http = (status: number, message = "upstream said no") => new ApiRequestError({ kind: "http", status }, "x", message);
const code = corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt").trim();

function deps(pastes: Record<string, string> = {}): LoaderDeps & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    fetchCode: async (host, id) => {
      fetched.push(`${host}/${id}`);
      if (!(id in pastes)) throw http(404);
      return pastes[id];
    },
    toCode: async (input) => {
      const r = tryPlannerCode(input);
      if (!r.ok) throw new PlannerDecodeError(r.error.kind, r.error.message);
      return r.code;
    },
    decode: async (c) => {
      try {
        return decodePlanner(c);
      } catch (e) {
        throw new PlannerDecodeError("not_base64", (e as Error).message);
      }
    },
  };
}

describe("loader input", () => {
  it("routes links to their proxy and keeps codes on the device", () => {
    expect(readLoaderInput("https://pobb.in/Ab3_-xyZ0123")).toMatchObject({ kind: "paste", host: "pobb", id: "Ab3_-xyZ0123" });
    expect(readLoaderInput("https://pastebin.com/raw/Xy12Ab34")).toMatchObject({ kind: "paste", host: "pastebin", id: "Xy12Ab34" });
    expect(proxyPath("poeninja", "abc")).toBe("/proxy/poeninja/abc");
    expect(readLoaderInput(code)).toEqual({ kind: "code", code, label: "planner code" });
    expect(readLoaderInput("https://pobb.in/short")).toEqual({ kind: "invalid", message: "Link must start with pobb.in/ followed by 12 characters." });
  });

  it("loads a link through the proxy, and a code or XML with no fetch", async () => {
    const d = deps({ Ab3_xyZ01234: code });
    const viaLink = await loadInput({ kind: "paste", host: "pobb", id: "Ab3_xyZ01234", label: "pobb.in link" }, "pobb.in/Ab3_xyZ01234", d);
    expect(viaLink.build.className).toBe("Templar");
    expect(d.fetched).toEqual(["pobb/Ab3_xyZ01234"]);
    const xml = corpusText("316_poison_occ.xml");
    const viaFile = await loadInput({ kind: "code", code: xml, label: "planner code" }, "316_poison_occ.xml", d);
    expect(viaFile.code).toMatch(/^[A-Za-z0-9_-]+=*$/);
    expect(viaFile.build.trees).toHaveLength(7);
    expect(d.fetched).toHaveLength(1);
  });
});

describe("loading errors use the spec's texts", () => {
  it("maps each failure", () => {
    expect(loadErrorFor(http(404))).toEqual({ title: "Failed to load the build", message: "make sure that the url is correct" });
    expect(loadErrorFor(http(502, "pobb.in answered 500 for paste x."))).toEqual({ title: "Failed to fetch build data", message: "pobb.in answered 500 for paste x." });
    expect(loadErrorFor(new ApiRequestError({ kind: "network" }, "network", "Failed to fetch")).title).toBe("Failed to fetch build, please try again in a few seconds.");
    expect(loadErrorFor(http(429)).title).toBe(LOAD_ERRORS.retry);
    expect(loadErrorFor(new PlannerDecodeError("not_base64", "Planner code is not base64 text."))).toEqual({
      title: "Failed to extract build info, please try a different PoB URL.",
      message: "Planner code is not base64 text.",
    });
    expect(loadErrorFor(new Error("boom"))).toEqual({ title: "Failed to load build", message: "boom" });
  });

  it("loads an export with a tree of another class, leaving that tree out with a note", async () => {
    const table = realClassTable() as unknown as ClassNames;
    const d = { ...deps(), classes: async () => table };
    const loaded = await loadInput({ kind: "code", code: corpusText("3.13_Mirage_Archer_Toxic_Rain.xml"), label: "planner code" }, "x.xml", d);
    expect(loaded.notes).toEqual(["'Default' is for Shadow: not offered"]);
    expect(loaded.build.trees.map((t) => t.classId)).toEqual([2, 2]);
    // The code to publish is the whole export, its left-out tree too (the server leaves it out the same way).
    expect(decodePlanner(loaded.code).trees).toHaveLength(3);
    // A 3.28 Pathfinder export holding a copy of its tree made a Warden (ascendClassId 1): all loads, but that tree.
    const xml = corpusText("voices_nested_clusters_328.xml");
    const spec = /<Spec\b[\s\S]*?<\/Spec>/.exec(xml)![0];
    const warden = spec.replace("<Spec ", '<Spec title="Warden endgame" ').replace('ascendClassId="3"', 'ascendClassId="1"');
    const two = await loadInput({ kind: "code", code: xml.replace(spec, spec + warden), label: "planner code" }, "x.xml", d);
    expect([two.build.ascendancyName, two.build.trees.map((t) => t.title), two.notes]).toEqual([
      "Pathfinder",
      ["Default"],
      ["'Warden endgame' is for Warden: not offered"],
    ]);
    // A class table that cannot load does not stop a load.
    const fine = await loadInput({ kind: "code", code, label: "planner code" }, "x", { ...deps(), classes: () => Promise.reject(new Error("offline")) });
    expect([fine.build.className, fine.notes]).toEqual(["Templar", []]);
  });

  it("refuses an export with no tree for its class with 'No usable tree'", async () => {
    const d = { ...deps(), classes: async () => realClassTable() as unknown as ClassNames };
    const witch = corpusText("3.13_Mirage_Archer_Toxic_Rain.xml").replace('className="Ranger"', 'className="Witch"');
    const err = await loadInput({ kind: "code", code: witch, label: "planner code" }, "x.xml", d).catch((e) => e);
    expect(err).toBeInstanceOf(NoUsableTreeError);
    expect(loadErrorFor(err)).toEqual({ title: "No usable tree", message: "This build has no passive tree for its class Witch" });
  });

  it("loads the planner's first export format, its one tree a <Spec> under the root, with that tree offered", async () => {
    const d = { ...deps(), classes: async () => realClassTable() as unknown as ClassNames };
    const xml = corpusText("import_code.xml");
    const section = /<Tree activeSpec="1">\s*(<Spec>[\s\S]*?<\/Spec>)\s*<\/Tree>/.exec(xml)!;
    const loaded = await loadInput({ kind: "code", code: xml.replace(section[0], section[1]), label: "planner code" }, "old.xml", d);
    expect([loaded.build.className, loaded.build.ascendancyName, loaded.notes]).toEqual(["Witch", "Elementalist", []]);
    expect(loaded.build.trees.map((t) => [t.classId, t.ascendancyId, t.nodes.length])).toEqual([[3, 2, 131]]);
    expect(decodePlanner(loaded.code).trees).toEqual(loaded.build.trees);
  });

  it("refuses a Path of Exile 2 code by name, without the advice to copy it again", async () => {
    const poe2 = corpusText("325_loadouts.xml").replace('className="Scion"', 'className="Warrior"');
    const decode = async (c: string) => {
      const r = tryDecodePlanner(c);
      if (!r.ok) throw new PlannerDecodeError(r.error.kind, r.error.message);
      return r.build;
    };
    const toCode = tryPlannerCode(poe2);
    if (!toCode.ok) throw new Error(toCode.error.message);
    const err = await loadInput({ kind: "code", code: toCode.code, label: "planner code" }, "x", { ...deps(), decode }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlannerDecodeError);
    expect((err as PlannerDecodeError).kind).toBe("poe2_build");
    expect(loadErrorFor(err, "code")).toEqual({
      title: "Failed to read the planner code",
      message: "This is a Path of Exile 2 build (a Path of Building 2 export); Waypoint plans Path of Exile 1 builds only.",
    });
  });

  it("refuses at load time the malformed XML publishing would refuse, and loads odd characters", async () => {
    // tests/planner/test_malformed_cross.py checks that the server's decoder decides each case alike.
    const xml = corpusText("heavy_strike_of_trarthus_inquisitor_328.xml");
    const decode = async (c: string) => {
      const r = tryDecodePlanner(c);
      if (!r.ok) throw new PlannerDecodeError(r.error.kind, r.error.message);
      return r.build;
    };
    const paste = (text: string) => {
      const d = { ...deps({ Ab3_xyZ01234: encodePlannerXml(text) }), decode };
      return loadInput({ kind: "paste", host: "pobb", id: "Ab3_xyZ01234", label: "pobb.in link" }, "pobb.in/Ab3_xyZ01234", d);
    };
    const duplicate = await paste(xml.replace('level="92"', 'level="92" level="93"')).catch((e: unknown) => e);
    expect(loadErrorFor(duplicate, "paste")).toEqual({
      title: "Failed to extract build info, please try a different PoB URL.",
      message: "Planner XML is malformed: the attribute 'level' appears twice in <Build> (line 3).",
    });
    const heart = await paste(xml.replace("<Notes>", "<Notes>I <3 this build")).catch((e: unknown) => e);
    expect(loadErrorFor(heart, "paste").message).toBe("Planner XML is malformed: a '<' does not start a tag (write '&lt;' for a '<' in text) (line 221).");
    // The planner writes a control character in the notes as it is: the build loads, the character read as a space.
    const loaded = await paste(xml.replace("<Notes>", "<Notes>Level\u000bwith care"));
    expect(loaded.build.notes).toContain("Level with care");
  });

  it("reports a bad code as an extract failure", async () => {
    await expect(loadInput({ kind: "code", code: "bm90IGEgcGxhbm5lciBjb2Rl", label: "planner code" }, "x", deps())).rejects.toBeInstanceOf(PlannerDecodeError);
  });
});
