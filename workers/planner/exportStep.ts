/**
 * Export, beyond the spec: one build step back to a planner code holding
 * exactly that step's tree spec, equipment set and skill set, so a player can
 * open the step in the desktop planner. Everything else of the export (build
 * attributes, config, notes) is kept; items are cut down to those the step uses.
 */
import { zlibSync } from "fflate";
import { findPlannerRoot, readBuild, specElements } from "./build";
import { plannerXmlText } from "./code";
import { assignSetIds } from "./sets";
import { PlannerError, type PlannerBuild } from "./types";
import { attr, element, elements, isElement, parseXml, type XmlNode } from "./xml";

export interface StepSetIds {
  passiveTreeId: string;
  equipmentSetId: string;
  skillSetId: string;
}

const utf8 = new TextEncoder();
const SAVED_FIGURES = new Set(["PlayerStat", "MinionStat", "FullDPSSkill"]);

/** Planner XML -> planner code (zlib, URL-safe base64), as the planner writes it. */
export function encodePlannerXml(xml: string): string {
  const bytes = zlibSync(utf8.encode(xml), { level: 9 });
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_");
}

// txml keeps attribute values and text as written (entities not decoded), so they are written back unchanged.
function serialize(node: XmlNode | string): string {
  if (!isElement(node)) return node;
  let out = `<${node.tagName}`;
  for (const [name, value] of Object.entries(node.attributes)) {
    out += value === null || value === undefined ? ` ${name}=""` : ` ${name}="${String(value).replace(/"/g, "&quot;")}"`;
  }
  if (!node.children.length) return out + "/>";
  return `${out}>${node.children.map(serialize).join("")}</${node.tagName}>`;
}

const withChildren = (node: XmlNode, children: (XmlNode | string)[], attributes = node.attributes): XmlNode => ({ ...node, attributes, children });

/** The one kept set under a container by its Waypoint id, and the container cut down to it. */
function keepSet(container: XmlNode | undefined, setTag: string, wanted: string, activeAttr: string, what: string): { container?: XmlNode; set?: XmlNode } {
  if (!container) return {};
  const sets = elements(container, setTag);
  // Old exports hold a single unnamed set directly under the container.
  if (!sets.length) return { container, set: container };
  const ids = assignSetIds(sets.map((s) => attr(s, "title")));
  const index = ids.findIndex((x) => x?.id === wanted);
  if (index < 0) throw new PlannerError("not_planner_xml", `The planner export has no ${what} '${wanted}'.`);
  const set = sets[index];
  const children = container.children.filter((c) => !isElement(c) || c.tagName !== setTag || c === set);
  const attributes = { ...container.attributes };
  if (activeAttr in attributes || attr(set, "id") !== undefined) attributes[activeAttr] = set.attributes.id ?? "1";
  return { container: withChildren(container, children, attributes), set };
}

/** A planner code of the step's three sets; throws PlannerError when the input or an id is not there. */
export function exportStep(input: string, ids: StepSetIds): string {
  const root = findPlannerRoot(parseXml(plannerXmlText(input)));
  const replaced = new Map<XmlNode, XmlNode>();
  let keptSpec: XmlNode | undefined;

  const { specs, treeNode } = specElements(root);
  if (!treeNode && specs.length) {
    // A legacy export's single tree (a <Spec> under the root): the only tree there is, kept as it is.
    if (assignSetIds(specs.map((s) => attr(s, "title")))[0]?.id !== ids.passiveTreeId) {
      throw new PlannerError("not_planner_xml", `The planner export has no tree '${ids.passiveTreeId}'.`);
    }
    keptSpec = specs[0];
  }
  if (treeNode) {
    const treeIds = assignSetIds(specs.map((s) => attr(s, "title")));
    const index = treeIds.findIndex((x) => x?.id === ids.passiveTreeId);
    if (index < 0) throw new PlannerError("not_planner_xml", `The planner export has no tree '${ids.passiveTreeId}'.`);
    const spec = specs[index];
    const children = treeNode.children.filter((c) => !isElement(c) || c.tagName !== "Spec" || c === spec);
    replaced.set(treeNode, withChildren(treeNode, children, { ...treeNode.attributes, activeSpec: "1" }));
    keptSpec = spec;
  }

  const items = keepSet(element(root, "Items"), "ItemSet", ids.equipmentSetId, "activeItemSet", "equipment set");
  if (items.container && items.set && items.set !== items.container) {
    // Items the step uses: its slots and socketed jewels, and the jewels in its tree's sockets.
    const used = new Set<string>();
    for (const child of elements(items.set)) {
      const id = attr(child, "itemId");
      if (id && id !== "0") used.add(id);
    }
    for (const socket of elements(element(keptSpec, "Sockets"), "Socket")) {
      const id = attr(socket, "itemId");
      if (id && id !== "0") used.add(id);
    }
    const children = items.container.children.filter((c) => !isElement(c) || c.tagName !== "Item" || used.has(attr(c, "id") ?? ""));
    items.container = withChildren(items.container, children);
  }
  if (items.container) replaced.set(element(root, "Items")!, items.container);

  const skills = keepSet(element(root, "Skills"), "SkillSet", ids.skillSetId, "activeSkillSet", "skill set");
  if (skills.container) replaced.set(element(root, "Skills")!, skills.container);

  // The planner's saved figures (PlayerStat, MinionStat, FullDPSSkill lines) are those of its active sets:
  // a step of other sets leaves them out, so that its code does not carry figures that are not its own.
  const build = element(root, "Build");
  const active = readBuild(root);
  const isActive =
    ids.passiveTreeId === active.activeTreeId && ids.equipmentSetId === active.activeItemSetId && ids.skillSetId === active.activeSkillSetId;
  if (build && !isActive) {
    replaced.set(build, withChildren(build, build.children.filter((c) => !isElement(c) || !SAVED_FIGURES.has(c.tagName))));
  }

  const out = withChildren(root, root.children.map((c) => (isElement(c) ? (replaced.get(c) ?? c) : c)));
  return encodePlannerXml(`<?xml version="1.0" encoding="UTF-8"?>\n${serialize(out)}`);
}

/** Steps that together export every set of a build: step i takes set min(i, count - 1) of each kind (tests, CLI). */
export function coveringSteps(build: PlannerBuild): StepSetIds[] {
  const { trees, itemSets, skillSets } = build;
  if (!trees.length || !itemSets.length || !skillSets.length) return [];
  const at = <T>(xs: T[], i: number) => xs[Math.min(i, xs.length - 1)];
  return Array.from({ length: Math.max(trees.length, itemSets.length, skillSets.length) }, (_, i) => ({
    passiveTreeId: at(trees, i).id,
    equipmentSetId: at(itemSets, i).id,
    skillSetId: at(skillSets, i).id,
  }));
}
