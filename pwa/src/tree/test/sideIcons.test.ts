// The side lists' icons: every keystone, notable and mastery of the real 3.28 tree resolves to a
// rectangle on a sheet the real art bundle (game-data/dist) ships, inside that sheet.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ClassesBundle } from "../../data/gameDataTypes";
import { classIcon, nodeSideIcon, pathSideIcon, spriteStyle, type ClassIconArt, type SideIconArt } from "../sideIcons";
import { distManifest, realTree } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as SideIconArt;

describe("side list icons", () => {
  const { model } = realTree("3.28");

  it.each(["keystone", "notable", "mastery"] as const)("resolves every %s of the 3.28 tree to its sheet", (kind) => {
    const nodes = model.nodes.filter((n) => n.kind === kind && !n.proxy);
    expect(nodes.length).toBeGreaterThan(kind === "keystone" ? 40 : 300);
    const missing: string[] = [];
    for (const n of nodes) {
      const icon = nodeSideIcon(art, n);
      if (!icon) {
        missing.push(`${n.id} ${n.name}`);
        continue;
      }
      expect(icon.sheet).toBe(kind === "mastery" ? "mastery" : "active");
      expect(existsSync(DIST + icon.file), icon.file).toBe(true);
      expect(icon.w).toBeGreaterThan(20);
      expect(icon.x + icon.w).toBeLessThanOrEqual(icon.sheetSize[0]);
      expect(icon.y + icon.h).toBeLessThanOrEqual(icon.sheetSize[1]);
    }
    expect(missing).toEqual([]);
  });

  it("gives the same icon art for a keystone as the tree's own export names (Chaos Inoculation)", () => {
    const ci = model.nodes.find((n) => n.name === "Chaos Inoculation")!;
    const icon = nodeSideIcon(art, ci)!;
    const index = art.nodeIcons[String(ci.id)];
    expect(art.icons[index]).toMatch(/ChaosInoculation|chaosinoculation/i);
    expect(art.rects.keystone![String(index)]).toEqual([icon.x, icon.y, icon.w, icon.h]);
  });

  it("finds a tattoo or runegraft by the icon path the export names, and nothing for an unknown path", () => {
    const icon = pathSideIcon(art, "Art/2DArt/SkillIcons/TawhoaTribeSkill.png");
    expect(icon?.sheet).toBe("active");
    // A runegraft's icon is on the mastery sheet.
    expect(pathSideIcon(art, "Art/2DArt/SkillIcons/passives/AtlasTrees/RuneGraftingIcon14.png")?.sheet).toBe("mastery");
    expect(pathSideIcon(art, "Art/2DArt/SkillIcons/NoSuchIcon.png")).toBeNull();
    expect(pathSideIcon(art, undefined)).toBeNull();
  });

  it("has no icon for other kinds, for ids the art lacks, or for a rectangle outside its sheet", () => {
    const start = model.nodes.find((n) => n.kind === "classStart")!;
    expect(nodeSideIcon(art, start)).toBeNull();
    expect(nodeSideIcon(art, { id: 99999999, kind: "keystone" })).toBeNull();
    const bad: SideIconArt = { ...art, masteryIcons: { "1": [900, 900, 86, 86] } };
    expect(nodeSideIcon(bad, { id: 1, kind: "mastery" })).toBeNull();
    expect(nodeSideIcon({ ...art, masteryIcons: undefined }, { id: 1, kind: "mastery" })).toBeNull();
  });

  it("scales the sheet so the icon fills the box", () => {
    const style = spriteStyle({ file: "s.jpg", sheetSize: [1000, 500], x: 100, y: 50, w: 80, h: 80 }, 40);
    expect(style.backgroundSize).toBe("500px 250px");
    expect(style.backgroundPosition).toBe("-50px -25px");
    expect(style.backgroundImage).toBe('url("/game-data/s.jpg")');
  });
});

describe("class icons", () => {
  const classes = JSON.parse(readFileSync(DIST + distManifest().files["classes"], "utf8")) as ClassesBundle;
  const classArt = art as unknown as ClassIconArt;
  const inSheet = (name: string) => {
    const icon = classIcon(classArt, name, classes.alternateAscendancies, classes.ascendancyIds);
    if (!icon) return false;
    expect(existsSync(DIST + icon.file), icon.file).toBe(true);
    expect(icon.w).toBeGreaterThan(100);
    expect(icon.x >= 0 && icon.y >= 0 && icon.x + icon.w <= icon.sheetSize[0] && icon.y + icon.h <= icon.sheetSize[1]).toBe(true);
    return true;
  };

  it("cuts every base class and every 3.28 ascendancy (alternate ones too) from the tree's art", () => {
    const v = classes.versions["3.28"];
    const names = [...classes.classes.map((c) => c.name), ...v.ascendancies.flat(), ...v.alternate];
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !inSheet(n))).toEqual([]);
  });

  it("cuts the Ranger's Warden from its own art (id Raider), not Warden of the Maji's", () => {
    expect(classes.ascendancyIds?.Warden).toBe("Raider");
    const [, x] = classArt.backdrops!.ascendancies.Raider;
    const warden = classIcon(classArt, "Warden", classes.alternateAscendancies, classes.ascendancyIds)!;
    expect(warden.file).toBe(classArt.sheets.ascendancy.file);
    expect(warden.x).toBeGreaterThan(x);
    const maji = classIcon(classArt, "Warden of the Maji", classes.alternateAscendancies, classes.ascendancyIds)!;
    expect(maji.file).toBe(classArt.sheets.bloodline.file);
  });

  it("has none for an unknown name, and a base class's is its start art on the group sheet", () => {
    expect(classIcon(classArt, "No Such Class")).toBeNull();
    const witch = classIcon(classArt, "Witch")!;
    expect(witch.file).toBe(classArt.sheets.group.file);
    expect(classIcon({ ...classArt, backdrops: undefined }, "Witch")).toBeNull();
  });

  it("lists which older ascendancy names have no art (they keep the colour dot)", () => {
    const all = classes.classes.flatMap((c) => c.ascendancies);
    const none = all.filter((n) => !inSheet(n));
    expect(none.length).toBeLessThan(all.length / 2);
  });
});
