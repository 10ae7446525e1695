import { describe, expect, it } from "vitest";
import { decodePlanner, decodePlannerAsync, exportStep, isInvalidItem, PlannerError, skillOptions, tryDecodePlanner, type PlannerItem } from "../index";
import { corpusFiles, corpusText } from "./corpus";

function item(build: ReturnType<typeof decodePlanner>, id: string): PlannerItem {
  const found = build.items[id];
  if (!found || isInvalidItem(found)) throw new Error(`item ${id} missing or invalid`);
  return found;
}

describe("every corpus build", () => {
  it.each(corpusFiles())("decodes %s", (file) => {
    const build = decodePlanner(corpusText(file.split("/")[1]));
    expect(build.className).toMatch(/^(Marauder|Ranger|Witch|Duelist|Templar|Shadow|Scion)$/);
    for (const tree of build.trees) expect(tree.nodes.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  });

  it.each(corpusFiles())("decodes %s the same with the native inflate", async (file) => {
    const text = corpusText(file.split("/")[1]);
    expect(await decodePlannerAsync(text)).toEqual(decodePlanner(text));
  });
});

describe("Heavy Strike of Trarthus Inquisitor (planner code)", () => {
  const build = decodePlanner(corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt"));

  it("reads the build header", () => {
    expect(build.className).toBe("Templar");
    expect(build.ascendancyName).toBe("Inquisitor");
    expect(build.level).toBe(92);
    expect(build.bandit).toBe("None");
    expect(build.targetVersion).toBe("3_0");
  });

  it("reads both trees, the second active", () => {
    expect(build.trees.map((t) => [t.id, t.treeVersion, t.nodes.length])).toEqual([
      ["default", "3_27", 125],
      ["default (2)", "3_28", 125],
    ]);
    expect(build.activeTreeId).toBe("default (2)");
    expect(build.trees[0].classId).toBe(5);
    expect(build.trees[0].ascendancyId).toBe(1);
    expect(build.trees[0].masteryEffects).toEqual({ 44948: 64875, 34723: 40307, 26148: 51147, 38921: 4500 });
    expect(build.trees[0].url).toMatch(/^https:\/\/www\.pathofexile\.com\/passive-skill-tree\/AAAABgUB/);
  });

  it("applies variants and rolls to a unique's mods", () => {
    const mind = item(build, "3");
    expect([mind.name, mind.baseType, mind.rarity]).toEqual(["Mind of the Council", "Harlequin Mask", "Unique"]);
    expect([mind.evasion, mind.energyShield, mind.quality, mind.requirements.level]).toEqual([766, 232, 20, 57]);
    expect(mind.explicitMods.map((m) => m.text)).toEqual([
      "245% increased Evasion and Energy Shield",
      "+18 to maximum Energy Shield",
      "25% increased maximum Mana",
      "10% chance to Shock",
      "+20% chance to be Shocked",
      "30% of Lightning Damage is taken from Mana before Life",
      "Attack Skills have added Lightning Damage equal to 6% of maximum Mana",
      "Lose 3% of Mana when you use an Attack Skill",
    ]);
    expect(item(build, "2").implicitMods.map((m) => m.text)).toEqual([
      "+25% Chance to Block Attack Damage while wielding a Staff",
    ]);
  });

  it("separates crafted mods", () => {
    const chest = item(build, "7");
    expect(chest.baseType).toBe("Sacred Chainmail");
    expect(chest.craftedMods).toEqual([
      { text: "71% increased Evasion Rating", crafted: true, tags: ["defences", "evasion"], range: 0.817 },
    ]);
    expect(chest.explicitMods.map((m) => m.text)).toContain("+43% to Cold Resistance");
  });

  it("reads the socket groups", () => {
    const [main, auras] = build.skillSets[0].groups;
    expect(main.gems.map((g) => g.name)).toEqual([
      "Heavy Strike of Trarthus",
      "Power Charge On Critical",
      "Increased Critical Damage",
      "Multistrike",
      "Added Lightning Damage",
      "Faster Attacks",
    ]);
    expect(main.gems[0]).toMatchObject({
      gemId: "Metadata/Items/Gems/SkillGemHeavyStrike",
      level: 20,
      quality: 0,
      enabled: true,
      isSupport: false,
    });
    expect(main.gems[1].isSupport).toBe(true);
    expect(auras.gems.map((g) => g.name)).toEqual(["Precision", "Discipline"]);
  });

  it("decodes the code exactly as the raw XML", () => {
    expect(build).toEqual(decodePlanner(corpusText("heavy_strike_of_trarthus_inquisitor_328.xml")));
  });
});

describe("Dual Strike of Ambidexterity Slayer", () => {
  const build = decodePlanner(corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt"));

  it("reads bandit and pantheon from the config", () => {
    expect([build.bandit, build.pantheonMajor]).toEqual(["Alira", "None"]);
  });

  it("splits enchant, implicit, fractured, explicit and crafted lines of a fractured weapon", () => {
    const set = build.itemSets[0];
    const weapon = item(build, set.slots["Weapon 1"]);
    expect([weapon.name, weapon.baseType, weapon.itemLevel]).toEqual(["Onslaught Impaler", "Gutting Knife", 85]);
    expect(weapon.influences).toEqual(["Fracture"]);
    expect(weapon.enchantMods.map((m) => m.text)).toEqual([
      "Quality does not increase Physical Damage",
      "1% increased Critical Strike Chance per 4% Quality",
    ]);
    expect(weapon.implicitMods.map((m) => m.text)).toEqual(["30% increased Global Critical Strike Chance"]);
    expect(weapon.fracturedMods).toEqual([{ text: "+37% to Global Critical Strike Multiplier", fractured: true }]);
    expect(weapon.explicitMods.map((m) => m.text)).toEqual([
      "+48 to Intelligence",
      "Adds 87 to 145 Cold Damage",
      "38% increased Critical Strike Chance",
      "Attacks with this Weapon Penetrate 16% Elemental Resistances",
    ]);
    expect(weapon.craftedMods.map((m) => m.text)).toEqual(["Hits can't be Evaded"]);
    expect(set.slots["Flask 1"]).toBe("18");
  });
});

describe("legacy exports", () => {
  it("reads nodes, class and ascendancy from the tree URL and slots from <Items>", () => {
    const build = decodePlanner(corpusText("import_code.code.txt"));
    expect(build.trees).toHaveLength(1);
    const [tree] = build.trees;
    // A legacy spec names no tree version: none is made up (the tree view picks the one holding its passives).
    expect([tree.classId, tree.ascendancyId, tree.nodes.length, tree.treeVersion]).toEqual([3, 2, 131, ""]);
    expect(tree.jewels).toEqual({ "26196": "16", "36634": "17", "61419": "20", "41263": "18", "6230": "19" });
    expect(build.itemSets.map((s) => s.id)).toEqual(["default"]);
    expect(build.itemSets[0].slots["Belt Abyssal Socket 1"]).toBe("21");
    const ring = item(build, "1");
    expect(ring.influences).toEqual(["Elder"]);
    expect(ring.craftedMods.map((m) => m.text)).toEqual(["+54 to maximum Life"]);
    expect(ring.explicitMods.map((m) => m.text)).toContain("Curse Enemies with Level 12 Warlord's Mark on Hit");
    // Old exports keep socket groups directly under <Skills>.
    expect(build.skillSets.map((s) => s.id)).toEqual(["default"]);
    expect(build.skillSets[0].groups[0].slot).toBe("Body Armour");
  });

  // The planner's first versions (late 2016, before it kept several trees) wrote the build's one tree as a
  // <Spec> directly under the root; the planner still loads it (Build.lua's legacyLoaders) as the single tree.
  const withTree = corpusText("import_code.xml");
  const treeSection = /<Tree activeSpec="1">\s*(<Spec>[\s\S]*?<\/Spec>)\s*<\/Tree>/.exec(withTree)!;
  const rootSpec = withTree.replace(treeSection[0], treeSection[1]);

  it("reads a <Spec> under the root as the build's single tree", () => {
    expect(rootSpec).not.toMatch(/<Tree[\s>]/);
    const was = decodePlanner(withTree);
    const build = decodePlanner(rootSpec);
    expect(build.trees).toEqual(was.trees);
    expect(build.trees[0].nodes).toHaveLength(131);
    expect(build.activeTreeId).toBe(build.trees[0].id);
    // Its step exports to a code that reads back to the same tree and the jewels in its sockets.
    const step = { passiveTreeId: build.trees[0].id, equipmentSetId: build.itemSets[0].id, skillSetId: build.skillSets[0].id };
    const back = decodePlanner(exportStep(rootSpec, step));
    expect(back.trees).toEqual(build.trees);
    for (const id of Object.values(build.trees[0].jewels)) expect(back.items[id]).toEqual(build.items[id]);
    expect(() => exportStep(rootSpec, { ...step, passiveTreeId: "nope" })).toThrow("no tree 'nope'");
  });

  it("takes the last of the root's <Tree> and <Spec> sections, as the planner loads them in order", () => {
    const titled = (title: string) => treeSection[1].replace("<Spec>", `<Spec title="${title}">`);
    const specThenTree = withTree.replace(treeSection[0], `${titled("root")}\n<Tree activeSpec="2">${titled("a")}${titled("b")}</Tree>`);
    expect(decodePlanner(specThenTree).trees.map((t) => t.title)).toEqual(["a", "b"]);
    expect(decodePlanner(specThenTree).activeTreeId).toBe("b");
    const treeThenSpec = withTree.replace(treeSection[0], `<Tree activeSpec="2">${titled("a")}${titled("b")}</Tree>\n${titled("root")}`);
    expect(decodePlanner(treeThenSpec).trees.map((t) => t.title)).toEqual(["root"]);
  });
});

describe("multi-step builds", () => {
  it("keeps every tree, item set and skill set with its title", () => {
    const build = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    expect(build.trees.map((t) => t.title).slice(0, 3)).toEqual([
      "Lvl 1-12 (Spectral Throw)",
      "Lvl 12-30 (Sunder)",
      "Lvl 30 (Cyclone Swap + Lab)",
    ]);
    expect(build.trees).toHaveLength(11);
    expect(build.itemSets).toHaveLength(11);
    expect(build.skillSets).toHaveLength(11);
    expect(build.activeTreeId).toBe("lvl 95");
    expect(build.noteSegments.slice(0, 3)).toEqual([
      { text: "FAQ ", color: "#FFFF77" },
      { text: "\n\n", color: "#B97123" },
      { text: "Why not Champion as a league starter?\n", color: "#70FF70" },
    ]);
    expect(build.noteSegments[3].color).toBe("#FFFFFF");
    expect(build.noteSegments[3].text).toMatch(/^\nI believe Champion is somewhat misleading/);
    expect(build.notes).toContain("you'll need costly unique items");
  });

  it("names skill sets by title and reads the active one by its set id", () => {
    const build = decodePlanner(corpusText("318_skillset.xml"));
    expect(build.skillSets.map((s) => [s.id, s.title])).toEqual([
      ["arc ss", "Arc SS"],
      ["cracklance", "CrackLance"],
      ["importtest", "ImportTest"],
    ]);
    expect(build.activeSkillSetId).toBe("arc ss");
    expect(skillOptions(build)).toContain("Arc");
  });

  it("reads cluster jewels: implicit lines are enchants, node count and skill", () => {
    const build = decodePlanner(corpusText("316_poison_occ.xml"));
    const cluster = item(build, "31");
    expect(cluster.baseType).toBe("Large Cluster Jewel");
    expect([cluster.clusterNodeCount, cluster.clusterSkill]).toEqual([8, "affliction_chaos_damage"]);
    expect(cluster.enchantMods.map((m) => m.text)).toEqual([
      "Adds 8 Passive Skills",
      "2 Added Passive Skills are Jewel Sockets",
      "Added Small Passive Skills grant: 12% increased Chaos Damage",
    ]);
    expect(cluster.explicitMods.map((m) => m.text)).toEqual([
      "1 Added Passive Skill is Touch of Cruelty",
      "1 Added Passive Skill is Unholy Grace",
      "1 Added Passive Skill is Wicked Pall",
    ]);
  });

  it("reads tattoo overrides", () => {
    const build = decodePlanner(corpusText("322_overrides.xml"));
    const oak = build.trees[0].overrides.find((o) => o.nodeId === 7388);
    expect(oak).toMatchObject({ name: "Honoured Tattoo of the Oak", effectText: ["2% increased maximum Life"] });
    const maata = build.trees[0].overrides.find((o) => o.nodeId === 4502);
    expect(maata?.effectText).toEqual(["A", "B", "C"]);
  });
});

describe("errors", () => {
  it("throws PlannerError with a kind, and tryDecodePlanner returns it as a value", () => {
    expect(() => decodePlanner("@@@")).toThrow(PlannerError);
    expect(tryDecodePlanner("@@@")).toEqual({
      ok: false,
      error: { kind: "not_base64", message: "Planner code is not base64 text." },
    });
    const result = tryDecodePlanner(corpusText("test_code.code.txt"));
    expect(result.ok && result.build.bandit).toBe("Alira");
  });

  it("marks only the item whose text has no rarity line as invalid", () => {
    const xml = corpusText("heavy_strike_of_trarthus_inquisitor_328.xml").replace(
      "Rarity: UNIQUE\nAstramentis",
      "Astramentis",
    );
    const build = decodePlanner(xml);
    expect(build.items["4"]).toEqual({
      id: "4",
      error: { kind: "invalid_item", message: "Item 4 does not start with a rarity line." },
    });
    expect(isInvalidItem(build.items["3"])).toBe(false);
    expect(build.skillSets[0].groups).toHaveLength(2);
  });

  it("refuses a Path of Exile 2 export by any of its marks, under the root both planners write", () => {
    // 325_loadouts.xml is Path of Exile 1 content under <PathOfBuilding2>; it stays a build.
    const xml = corpusText("325_loadouts.xml");
    expect(decodePlanner(xml).className).toBe("Scion");
    for (const [from, to] of [
      ['className="Scion"', 'className="Warrior"'],
      ['targetVersion="3_0"', 'targetVersion="0_1"'],
      ['treeVersion="3_25"', 'treeVersion="0_4"'],
    ]) {
      const result = tryDecodePlanner(xml.replace(from, to));
      expect(result.ok ? "ok" : result.error.kind).toBe("poe2_build");
      expect(result.ok ? "" : result.error.message).toMatch(/^This is a Path of Exile 2 build/);
    }
  });

  describe("a cut-off or extended document is malformed, not a partial build", () => {
    const xml = corpusText("many-builds_12.xml");
    const kindOf = (input: string) => {
      const result = tryDecodePlanner(input);
      return result.ok ? "ok" : `${result.error.kind}: ${result.error.message}`;
    };

    it("rejects raw XML cut anywhere", () => {
      for (const fraction of [0.1, 0.5, 0.9, 0.999]) {
        expect(kindOf(xml.slice(0, Math.floor(xml.length * fraction)))).toMatch(/^not_planner_xml: /);
      }
      expect(kindOf(xml.trimEnd().slice(0, -1))).toBe(
        "not_planner_xml: Planner XML is cut off: it ends before the root element is closed.",
      );
    });

    it("rejects a second root, stray text and an unclosed comment after the root", () => {
      const after = "not_planner_xml: Planner XML is malformed: there is content after the root element.";
      expect(kindOf(xml + "<PathOfBuilding><Build/></PathOfBuilding>")).toBe(after);
      expect(kindOf(xml + "garbage")).toBe(after);
      expect(kindOf(xml + "<!-- never closed")).toBe(after);
    });

    it("accepts a declaration, whitespace, comments and processing instructions around the root", () => {
      // The export's own declaration goes: XML allows one, at the very start (lxml refuses a second).
      const root = xml.trim().replace(/^<\?xml[^>]*\?>\s*/, "");
      const wrapped = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n${root}\n<!-- a - b -->\n<?pi x?>\n\n`;
      expect(kindOf(`<?xml version="1.0"?>\n${xml.trim()}`)).toMatch(/^not_planner_xml: Planner XML is malformed: the XML declaration is allowed only at the start/);
      expect(kindOf(wrapped)).toBe("ok");
      expect(decodePlanner(wrapped)).toEqual(decodePlanner(xml));
    });
  });
});
