/**
 * Decoder warm-up. A fresh worker decodes its first large export with cold
 * code: the JavaScript engine interprets the inflate, XML and item loops until
 * they run often enough to be compiled, which made the first decode several
 * times slower than the next. The editor starts the worker while the user
 * pastes; decoding a small synthetic export a few times then compiles those
 * paths, so the user's real Load runs on warm code.
 *
 * The sample is made up here (never a player's build) and shaped like a real
 * export: several tree specs, rare and unique items with implicits, ranged and
 * crafted mods and variants, item sets with slots, skill sets with socket
 * groups of gems, notes with colour codes, and a config.
 */
import { decodePlanner } from "./index";
import type { PlannerBuild } from "./types";

const SLOTS = ["Weapon 1", "Helmet", "Body Armour", "Gloves", "Boots", "Amulet", "Ring 1", "Ring 2", "Belt", "Flask 1"];

function itemText(i: number): string {
  if (i % 4 === 0) {
    return [
      "Rarity: UNIQUE", `Sample Unique ${i}`, "Leather Belt", "Variant: Pre 3.0.0", "Variant: Current", "Selected Variant: 2",
      "Unique ID: 0123456789abcdef", "Item Level: 84", "LevelReq: 60", "Implicits: 1",
      `+${20 + i} to maximum Life`, "{variant:1}{range:0.5}+(20-30) to Strength", "{variant:2}{range:0.7}+(30-40) to Strength",
      "{range:0.3}(10-15)% increased Fire Damage", "Corrupted",
    ].join("\n");
  }
  return [
    "Rarity: RARE", `Sample ${i}`, "Ezomyte Staff", `Unique ID: ${i}abcdef0123456789`, "Item Level: 83", "Quality: 20",
    "Sockets: R-B-R-G", "LevelReq: 72", "Implicits: 2", "{crafted}8% increased Explicit Physical Modifier magnitudes",
    "+20% Chance to Block Attack Damage while wielding a Staff", `Adds ${i + 10} to ${i + 40} Physical Damage`,
    "{fractured}{range:0.6}(170-179)% increased Physical Damage", "+1 to Level of all Physical Skill Gems",
    "{crafted}{range:1}+(25-28)% to Global Critical Strike Multiplier", "Searing Exarch Item",
  ].join("\n");
}

function gem(name: string, i: number, support: boolean): string {
  const id = support ? `Metadata/Items/Gems/SupportGem${name.replace(/ /g, "")}` : `Metadata/Items/Gems/SkillGem${name.replace(/ /g, "")}`;
  return `<Gem level="${1 + (i % 20)}" quality="${i % 21}" enabled="true" nameSpec="${name}" skillId="${name.replace(/ /g, "")}" gemId="${id}"/>`;
}

/** A made-up planner export of `sets` trees, item sets and skill sets. */
export function warmUpXml(sets = 3): string {
  const ids = Array.from({ length: sets }, (_, s) => s + 1);
  const nodes = (s: number) => Array.from({ length: 20 + 30 * s }, (_, n) => 1000 + n * 37).join(",");
  const specs = ids.map((s) =>
    `<Spec title="Level ${s * 30} &amp; lab" treeVersion="3_25" classId="4" ascendClassId="1" nodes="${nodes(s)}" masteryEffects="{1037,4},{1074,8}">` +
    `<URL>https://www.pathofexile.com/passive-skill-tree/3.25.0/AAAABgQBAA==</URL><Sockets><Socket nodeId="26725" itemId="0"/></Sockets>` +
    `<Overrides><Override dn="Sample" nodeId="1037" icon="x.png">+5 to Strength</Override></Overrides></Spec>`,
  );
  const itemCount = 12 * sets;
  const items = Array.from({ length: itemCount }, (_, i) => `<Item id="${i + 1}">\n${itemText(i)}\n</Item>`);
  const itemSets = ids.map((s) =>
    `<ItemSet id="${s}" title="Level ${s * 30} &amp; lab">` +
    SLOTS.map((slot, k) => `<Slot name="${slot}" itemId="${((s - 1) * 12 + k) % itemCount + 1}"/>`).join("") + `</ItemSet>`,
  );
  const actives = ["Cyclone", "Shockwave", "Leap Slam", "Blood Rage"];
  const supports = ["Melee Physical Damage", "Brutality", "Fortify", "Pulverise", "Impale"];
  const skillSets = ids.map((s) =>
    `<SkillSet id="${s}" title="Level ${s * 30} &amp; lab">` +
    SLOTS.slice(0, 5).map((slot, g) =>
      `<Skill mainActiveSkillCalcs="1" enabled="true" slot="${slot}" label="" mainActiveSkill="1">` +
      gem(actives[(g + s) % actives.length], g, false) + supports.map((name, k) => gem(name, g + k, true)).join("") + `</Skill>`,
    ).join("") + `</SkillSet>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<PathOfBuilding>
<Build level="90" targetVersion="3_0" bandit="None" className="Duelist" ascendClassName="Slayer" mainSocketGroup="1"/>
<Tree activeSpec="1">${specs.join("\n")}</Tree>
<Items activeItemSet="1">${items.join("\n")}${itemSets.join("\n")}</Items>
<Skills activeSkillSet="1" defaultGemLevel="normalMaximum">${skillSets.join("\n")}</Skills>
<Notes>^xE05030Sample notes ^7with colours &lt;and&gt; entities
second line</Notes>
<Config activeConfigSet="1"><ConfigSet id="1" title="Default"><Input name="enemyIsBoss" string="Pinnacle"/></ConfigSet></Config>
</PathOfBuilding>`;
}

let sample: string | undefined;

/**
 * Decode the sample `rounds` times; returns the last build. It goes in as XML:
 * the worker inflates natively (code.ts inflateNative), so the JavaScript to
 * warm is the XML parse and the reading of sets, items and gems.
 */
export function warmUpDecoder(rounds = 6): PlannerBuild {
  sample ??= warmUpXml();
  let build: PlannerBuild | undefined;
  for (let i = 0; i < rounds; i++) build = decodePlanner(sample);
  return build!;
}
