import { describe, expect, it } from "vitest";
import { loadCampaign } from "./campaignFiles";
import { parseGuide } from "./parser";
import {
  NO_MATCHING_SKILLS,
  banditFlag,
  baseGemId,
  filterOffer,
  offeredToClass,
  passivesNote,
  vendorCurrency,
  gemCurrency,
} from "./rewards";
import { directionArrow, directionIndex } from "./direction";
import type { BanditFlag, GuideBuild, Part } from "./types";

const data = loadCampaign();
const G = (name: string) => `Metadata/Items/Gems/${name}`;

describe("direction slices", () => {
  it.each([
    [0, 0], [44, 0], [45, 1], [89.9, 1], [90, 2], [135, 3], [180, 4], [225, 5], [270, 6], [315, 7], [359, 7],
    [360, 0], [405, 1], [-45, 7], [-90, 6], [-360, 0], [720 + 180, 4],
  ])("%s degrees -> slice %s", (angle, index) => {
    expect(directionIndex(angle)).toBe(index);
  });
  it("arrows follow the index mod 8", () => {
    expect(directionArrow(0)).toBe("↑");
    expect(directionArrow(2)).toBe("→");
    expect(directionArrow(10)).toBe("→");
  });
});

describe("vendor currency by required level", () => {
  it.each([
    [1, "wisdom"], [7, "wisdom"], [8, "transmutation"], [15, "transmutation"], [16, "alteration"],
    [27, "alteration"], [28, "chance"], [37, "chance"], [38, "alchemy"], [70, "alchemy"],
  ] as const)("level %s -> %s", (level, currency) => {
    expect(vendorCurrency(level)).toBe(currency);
  });
  it("reads the gem's level from the campaign facts", () => {
    expect(gemCurrency(data, G("SkillGemFireball"))).toBe("wisdom"); // level 1
    expect(gemCurrency(data, G("SupportGemAddedFireDamage"))).toBe("transmutation"); // level 8
    expect(gemCurrency(data, G("SupportGemGreaterMultipleProjectiles"))).toBe("alchemy"); // level 38
  });
});

describe("bandit flag and passives note", () => {
  it.each([
    ["Alira", "BANDIT_ALIRA"], ["help KRAITYN", "BANDIT_KRAITYN"], ["Oak", "BANDIT_OAK"],
    ["Kill all", "BANDIT_KILL"], ["Eramir", "BANDIT_KILL"], ["None", "BANDIT_KILL"], ["", "BANDIT_KILL"], [null, "BANDIT_KILL"],
  ] as const)("%s -> %s", (text, flag) => {
    expect(banditFlag(text)).toBe(flag);
  });
  it("the note names the choice and the points it is given", () => {
    expect(passivesNote("BANDIT_KILL", 24)).toBe("Kill all bandits: 24 passive points from the campaign");
    expect(passivesNote("BANDIT_OAK", 23)).toBe("Help Oak: 23 passive points from the campaign");
    expect(passivesNote("BANDIT_ALIRA", 1)).toBe("Help Alira: 1 passive point from the campaign");
  });

  it("the parser counts the passive points of the quests a route hands in, once each", () => {
    const count = (text: string, flag: BanditFlag = "BANDIT_KILL") =>
      parseGuide([{ file: "t", text: `#section A\n${text}` }], data, { flags: [flag] }).passivePoints;
    expect(count("{quest|a1q1}")).toBe(0); // gems only
    expect(count("{quest|a1q7}\n{quest|a1q7}")).toBe(1);
    expect(count("{quest|a10q3} and {quest|a2q5}")).toBe(3);
    // Only side offers (Bottled Storm before Shakari) do not finish the quest.
    expect(count("{quest|a9q5|a9q5_offer}")).toBe(0);
    expect(count("{quest|a9q5|a9q5_offer}\n{quest|a9q5}")).toBe(1);
    // Disabled bandit blocks hand nothing in.
    const bandits = "#ifdef BANDIT_KILL\n{quest|a2q7}\n#endif\n#ifdef BANDIT_OAK\n{quest|a2q3}\n#endif";
    expect(count(bandits, "BANDIT_KILL")).toBe(1);
    expect(count(bandits, "BANDIT_OAK")).toBe(0);
    // Without route facts (an older bundle) nothing is counted.
    expect(parseGuide([{ file: "t", text: "#section A\n{quest|a1q7}" }], { ...data, routeFacts: undefined }, { flags: ["BANDIT_KILL"] }).passivePoints).toBe(0);
  });
});

describe("reward filtering by class", () => {
  const offer = data.quests.a1q1.reward_offers.a1q1;
  it("keeps only what the class is offered", () => {
    const witch = filterOffer(offer, "Witch");
    expect(witch.quest).toContain(G("SkillGemFreezingPulse"));
    expect(witch.quest).not.toContain(G("SkillGemSmite"));
    expect(witch.vendor.map((v) => v.gemId)).toContain(G("SupportGemArcaneSurge"));
    expect(witch.vendor.map((v) => v.gemId)).not.toContain(G("SupportGemRuthless"));
    expect(witch.vendor[0].npc).toBe("Nessa");
    const marauder = filterOffer(offer, "Marauder");
    expect(marauder.quest).toContain(G("SkillGemGroundSlam"));
    expect(marauder.quest).not.toContain(G("SkillGemFreezingPulse"));
  });
  it("an empty class list means every class; no class sees every offer", () => {
    expect(offeredToClass([], "Duelist")).toBe(true);
    expect(offeredToClass(["Witch"], "Duelist")).toBe(false);
    expect(offeredToClass(["Witch"], null)).toBe(true);
    const all = filterOffer(offer, null);
    expect(all.quest).toHaveLength(Object.keys(offer.quest).length);
  });
  it("empty-class rewards reach every class", () => {
    const open = Object.values(data.quests)
      .flatMap((q) => Object.values(q.reward_offers))
      .find((o) => Object.values(o.quest).some((r) => r.classes.length === 0));
    expect(open).toBeDefined();
    const id = Object.entries(open!.quest).find(([, r]) => r.classes.length === 0)![0];
    for (const c of ["Witch", "Templar", "Marauder", "Duelist", "Ranger", "Shadow", "Scion"]) expect(filterOffer(open!, c).quest).toContain(id);
  });
});

describe("variant gem matching", () => {
  it("vaal and awakened gems map back to their base gem", () => {
    expect(baseGemId(data, G("SkillGemVaalFireball"))).toBe(G("SkillGemFireball"));
    expect(baseGemId(data, G("SupportGemAddedFireDamagePlus"))).toBe(G("SupportGemAddedFireDamage"));
    // Chained: Greater -> Lesser Multiple Projectiles.
    expect(baseGemId(data, G("SupportGemGreaterMultipleProjectiles"))).toBe(G("SupportGemLesserMultipleProjectiles"));
    expect(baseGemId(data, G("SkillGemFireball"))).toBe(G("SkillGemFireball"));
  });
  it("bounds a cycle in the lookups", () => {
    const cyc = { vaalGemLookup: { a: "b" }, awakenedGemLookup: { b: "a" } };
    expect(["a", "b"]).toContain(baseGemId(cyc, "a"));
  });

  const route = "#section Act 1\n{quest|a1q1}\n{quest|a1q1}";
  const gemParts = (build: GuideBuild) => {
    const r = parseGuide([{ file: "t", text: route }], data, { flags: ["BANDIT_KILL"], build });
    expect(r.errors).toEqual([]);
    return r.sections[0].steps.map((s) => s.subSteps.flatMap((sub) => sub.parts));
  };

  it("matches awakened and greater supports to the quest offers they come from", () => {
    const r = parseGuide([{ file: "t", text: "#section A\n{quest|a1q2|a1q2b}" }], data, {
      flags: ["BANDIT_KILL"],
      build: { className: "Duelist", gemIds: [G("SupportGemAddedFireDamagePlus"), G("SupportGemGreaterMultipleProjectiles")] },
    });
    const parts = r.sections[0].steps[0].subSteps.flatMap((s) => s.parts);
    // One quest gem per offer: Added Fire (from Awakened) is taken, LMP (from GMP) is bought.
    expect(parts).toEqual<Part[]>([
      { type: "get_gem", gemId: G("SupportGemAddedFireDamage"), npc: "Nessa", questId: "a1q2" },
      { type: "buy_gem", gemId: G("SupportGemLesserMultipleProjectiles"), npc: "Nessa", questId: "a1q2", currency: "transmutation" },
    ]);
  });

  it("matches the quest reward through the vaal lookup and skips it on the next hand-in", () => {
    const [first, second] = gemParts({ className: "Templar", gemIds: [G("SkillGemVaalGlacialHammer")] });
    expect(first).toContainEqual<Part>({ type: "get_gem", gemId: G("SkillGemGlacialHammer"), npc: "Tarkleigh", questId: "a1q1" });
    expect(second.filter((p) => p.type === "get_gem")).toEqual([]);
  });

  it("buys a second copy and an awakened support's base from the vendor with the right currency", () => {
    const [first] = gemParts({
      className: "Duelist",
      gemIds: [G("SkillGemCleave"), G("SkillGemCleave"), G("SkillGemVaalDoubleStrike")],
    });
    expect(first).toEqual<Part[]>([
      { type: "get_gem", gemId: G("SkillGemCleave"), npc: "Tarkleigh", questId: "a1q1" },
      { type: "buy_gem", gemId: G("SkillGemCleave"), npc: "Nessa", questId: "a1q1", currency: "wisdom" },
      // Double Strike is the Duelist's start gem, so the vaal variant needs no purchase.
    ]);
  });

  it("says so when the build uses none of the offered skills", () => {
    const [first] = gemParts({ className: "Witch", gemIds: [G("SkillGemRighteousFire")] });
    expect(first).toEqual([{ type: "text", value: NO_MATCHING_SKILLS }]);
  });

  it("class filtering applies to the build's class", () => {
    // Smite is a Templar quest reward and a Marauder vendor gem, not a Witch one.
    const [witch] = gemParts({ className: "Witch", gemIds: [G("SkillGemSmite")] });
    expect(witch).toEqual([{ type: "text", value: NO_MATCHING_SKILLS }]);
    const [marauder] = gemParts({ className: "Marauder", gemIds: [G("SkillGemSmite")] });
    expect(marauder).toEqual([{ type: "buy_gem", gemId: G("SkillGemSmite"), npc: "Nessa", questId: "a1q1", currency: "wisdom" }]);
  });

  it("without a build every class-filtered offer is listed", () => {
    const r = parseGuide([{ file: "t", text: route }], data, { flags: ["BANDIT_KILL"], build: null, className: "Witch" });
    const list = r.sections[0].steps[0].subSteps[0].parts[0];
    expect(list.type).toBe("offer_list");
    if (list.type !== "offer_list") return;
    expect(list.quest).toContain(G("SkillGemFreezingPulse"));
    expect(list.quest).not.toContain(G("SkillGemSmite"));
    const all = parseGuide([{ file: "t", text: route }], data, { flags: ["BANDIT_KILL"] }).sections[0].steps[0].subSteps[0].parts[0];
    expect(all.type === "offer_list" && all.quest.length).toBe(Object.keys(data.quests.a1q1.reward_offers.a1q1.quest).length);
  });
});
