/** Parsed planner XML -> PlannerBuild. The meaning of sets and ids matches server/planner/extract.py. */
import { parseItem, type ItemVariantAttributes } from "./items";
import { DEFAULT_TREE_VERSION, POE2_CLASSES, POE2_MESSAGE, ROOT_TAGS } from "./limits";
import { noteSegments } from "./notes";
import { assignSetIds } from "./sets";
import { readPlayerStats } from "./stats";
import { decodeTreeUrl } from "./treeUrl";
import {
  PlannerError,
  type InvalidItem,
  type PlannerBuild,
  type PlannerGem,
  type PlannerItem,
  type PlannerItemSet,
  type PlannerOverride,
  type PlannerSkillSet,
  type PlannerSocketGroup,
  type PlannerTree,
} from "./types";
import { attr, element, elements, text, type XmlNode } from "./xml";

function int(value: string | undefined, fallback = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** "None", "nil" and blanks mean absent. */
function noneBlank(value: string | undefined): string {
  const v = (value ?? "").trim();
  return v === "" || v === "None" || v === "nil" ? "" : v;
}

function enabled(node: XmlNode): boolean {
  return (attr(node, "enabled") ?? "true").trim().toLowerCase() !== "false";
}

/** Node id -> item id pairs; item id "0" means an empty socket or slot. */
function idMap(nodes: XmlNode[], keyAttr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const node of nodes) {
    const key = attr(node, keyAttr);
    const itemId = attr(node, "itemId");
    if (key && itemId && itemId !== "0") out[key] = itemId;
  }
  return out;
}

/** The document element, checked to be a planner export. */
export function findPlannerRoot(root: XmlNode | undefined): XmlNode {
  if (!root || !ROOT_TAGS.includes(root.tagName)) {
    throw new PlannerError("not_planner_xml", "Planner XML must have a <PathOfBuilding> root element.");
  }
  const build = element(root, "Build");
  if (!build) throw new PlannerError("not_planner_xml", "Planner XML has no <Build> element.");
  if (isPoe2(root, build)) throw new PlannerError("poe2_build", POE2_MESSAGE);
  return root;
}

function isPoe2(root: XmlNode, build: XmlNode): boolean {
  if ((attr(build, "targetVersion") ?? "").trim().startsWith("0_")) return true;
  if (POE2_CLASSES.includes((attr(build, "className") ?? "").trim().toLowerCase())) return true;
  // Root-level specs are the legacy single tree (specElements).
  const specs = [...elements(element(root, "Tree"), "Spec"), ...elements(root, "Spec")];
  return specs.some((spec) => (attr(spec, "treeVersion") ?? "").trim().startsWith("0_"));
}

/**
 * The export's passive tree specs and the <Tree> holding them (undefined for a legacy spec), as
 * spec_elements in extract.py. Exports keep their specs under <Tree>. The planner's first versions
 * (before it kept several trees, late 2016) wrote the build's one tree as a <Spec> directly under the
 * root, and the planner still loads such a section as the build's single tree. It reads the root's
 * sections in order, each one replacing the trees before it, so the last <Tree> or root <Spec> counts.
 */
export function specElements(root: XmlNode): { specs: XmlNode[]; treeNode: XmlNode | undefined } {
  let last: XmlNode | undefined;
  for (const child of elements(root)) if (child.tagName === "Tree" || child.tagName === "Spec") last = child;
  if (!last) return { specs: [], treeNode: undefined };
  if (last.tagName === "Spec") return { specs: [last], treeNode: undefined };
  return { specs: elements(last, "Spec"), treeNode: last };
}

function readTrees(root: XmlNode): { trees: PlannerTree[]; activeId: string } {
  const { specs, treeNode } = specElements(root);
  const ids = assignSetIds(specs.map((s) => attr(s, "title")));
  const trees: PlannerTree[] = [];
  specs.forEach((spec, i) => {
    const assigned = ids[i];
    if (!assigned) return;
    const url = text(element(spec, "URL")).trim();
    const nodesAttr = attr(spec, "nodes");
    let classId = int(attr(spec, "classId"));
    let ascendancyId = int(attr(spec, "ascendClassId"));
    let nodes: number[];
    let masteryEffects: Record<number, number> = {};
    if (nodesAttr !== undefined) {
      nodes = [...new Set((nodesAttr.match(/\d+/g) ?? []).map(Number))];
      for (const m of (attr(spec, "masteryEffects") ?? "").matchAll(/\{(\d+),(\d+)\}/g)) {
        masteryEffects[Number(m[1])] = Number(m[2]);
      }
    } else {
      const decoded = decodeTreeUrl(url);
      nodes = decoded ? [...new Set(decoded.nodes)] : [];
      if (decoded) {
        classId = decoded.classId;
        ascendancyId = decoded.ascendancyId;
        masteryEffects = decoded.masteryEffects;
      }
    }
    const overrides: PlannerOverride[] = elements(element(spec, "Overrides"), "Override").map((o) => ({
      nodeId: int(attr(o, "nodeId")),
      name: attr(o, "dn") ?? "",
      icon: attr(o, "icon") ?? "",
      effectText: text(o)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    }));
    trees.push({
      id: assigned.id,
      title: assigned.title,
      treeVersion: (attr(spec, "treeVersion") ?? "").trim() || DEFAULT_TREE_VERSION,
      classId,
      ascendancyId,
      alternateAscendancyId: int(attr(spec, "secondaryAscendClassId")),
      nodes,
      masteryEffects,
      jewels: idMap(elements(element(spec, "Sockets"), "Socket"), "nodeId"),
      overrides,
      url,
    });
  });
  // activeSpec is a 1-based index into the specs.
  const active = ids[int(treeNode ? attr(treeNode, "activeSpec") : undefined, 1) - 1];
  return { trees, activeId: active?.id ?? trees[0]?.id ?? "" };
}

/** Sets with an id attribute: the active one is named by that id, else the first kept set. */
function activeSetId(
  sources: XmlNode[],
  ids: ({ id: string } | null)[],
  active: string | undefined,
  legacy: boolean,
): string {
  if (!legacy && active !== undefined) {
    const index = sources.findIndex((s) => attr(s, "id") === active);
    if (index >= 0 && ids[index]) return ids[index]!.id;
  }
  return ids.find((x) => x !== null)?.id ?? "";
}

interface SetSource {
  node: XmlNode;
  id: string;
  title: string;
}

/**
 * The kept sets under a container with their ids, and the active set's id (as
 * _set_sources in extract.py). Old exports keep one unnamed set's children
 * (<Slot>, <Skill>) directly under the container, which then stands for the single set.
 */
function setSources(
  container: XmlNode,
  setTag: string,
  childTag: string,
  activeAttr: string,
): { kept: SetSource[]; activeId: string } {
  const setNodes = elements(container, setTag);
  const legacy = setNodes.length === 0 && element(container, childTag) !== undefined;
  const sources = legacy ? [container] : setNodes;
  const ids = assignSetIds(sources.map((s) => (legacy ? undefined : attr(s, "title"))));
  const kept: SetSource[] = [];
  sources.forEach((node, i) => {
    const assigned = ids[i];
    if (assigned) kept.push({ node, ...assigned });
  });
  return { kept, activeId: activeSetId(sources, ids, attr(container, activeAttr), legacy) };
}

const ALT_VARIANT_ATTRIBUTES = ["variantAlt", "variantAlt2", "variantAlt3", "variantAlt4", "variantAlt5"];

/** Variants selected on the <Item> element and its <ModRange> rolls (older exports; see ItemVariantAttributes). */
function variantAttributes(node: XmlNode): ItemVariantAttributes {
  const number = (name: string): number | undefined => {
    const n = int(attr(node, name), 0);
    return n > 0 ? n : undefined;
  };
  const alts = ALT_VARIANT_ATTRIBUTES.map(number).filter((n): n is number => n !== undefined);
  const modRanges: Record<number, number> = {};
  for (const child of elements(node, "ModRange")) {
    const index = int(attr(child, "id"), 0);
    const range = Number((attr(child, "range") ?? "").trim());
    if (index > 0 && (attr(child, "range") ?? "").trim() !== "" && Number.isFinite(range)) modRanges[index] = range;
  }
  return { variant: number("variant"), alts, modRanges };
}

function readItemSets(root: XmlNode): { itemSets: PlannerItemSet[]; activeId: string; items: PlannerBuild["items"] } {
  const itemsNode = element(root, "Items");
  const items: Record<string, PlannerItem | InvalidItem> = {};
  if (!itemsNode) return { itemSets: [], activeId: "", items };
  for (const node of elements(itemsNode, "Item")) {
    const id = attr(node, "id") ?? "";
    items[id] = parseItem(id, text(node), variantAttributes(node));
  }
  const { kept, activeId } = setSources(itemsNode, "ItemSet", "Slot", "activeItemSet");
  const itemSets: PlannerItemSet[] = kept.map(({ node, id, title }) => ({
    id,
    title,
    slots: idMap(elements(node, "Slot"), "name"),
    socketItems: idMap(elements(node, "SocketIdURL"), "nodeId"),
  }));
  return { itemSets, activeId, items };
}

function readGem(node: XmlNode): PlannerGem {
  const gemId = attr(node, "gemId") ?? "";
  const skillId = attr(node, "skillId") ?? "";
  return {
    name: (attr(node, "nameSpec") || attr(node, "name") || "").trim(),
    gemId,
    skillId,
    level: int(attr(node, "level"), 1),
    quality: int(attr(node, "quality"), 0),
    enabled: enabled(node),
    isSupport: gemId.includes("/SupportGem") || skillId.startsWith("Support"),
  };
}

function readSkillSets(root: XmlNode): { skillSets: PlannerSkillSet[]; activeId: string } {
  const skillsNode = element(root, "Skills");
  if (!skillsNode) return { skillSets: [], activeId: "" };
  const { kept, activeId } = setSources(skillsNode, "SkillSet", "Skill", "activeSkillSet");
  const skillSets: PlannerSkillSet[] = kept.map(({ node, id, title }) => ({
    id,
    title,
    groups: elements(node, "Skill").map(
      (group): PlannerSocketGroup => ({
        slot: attr(group, "slot") ?? "",
        label: attr(group, "label") ?? "",
        enabled: enabled(group),
        source: (attr(group, "source") ?? "").trim(),
        gems: elements(group, "Gem").map(readGem),
      }),
    ),
  }));
  return { skillSets, activeId };
}

/**
 * Inputs of the active config set (or of <Config> itself in older exports).
 * The planner keeps bandit and pantheon choices there; <Build> attributes are
 * the legacy place and only fill in what the config does not say.
 */
function configInputs(root: XmlNode): Record<string, string> {
  const config = element(root, "Config");
  if (!config) return {};
  const sets = elements(config, "ConfigSet");
  let source = config;
  if (sets.length) {
    const active = attr(config, "activeConfigSet");
    source = sets.find((s) => attr(s, "id") === active) ?? sets[0];
  }
  const inputs: Record<string, string> = {};
  for (const input of elements(source, "Input")) {
    const name = attr(input, "name");
    const value = attr(input, "string");
    if (name && value) inputs[name] = value;
  }
  return inputs;
}

function choice(inputs: Record<string, string>, build: XmlNode, name: string): string {
  return (inputs[name] || attr(build, name) || "").trim() || "None";
}

export function readBuild(root: XmlNode): PlannerBuild {
  const build = element(root, "Build")!;
  const { trees, activeId: activeTreeId } = readTrees(root);
  const { itemSets, activeId: activeItemSetId, items } = readItemSets(root);
  const { skillSets, activeId: activeSkillSetId } = readSkillSets(root);
  const notes = text(element(root, "Notes")).trim();
  const inputs = configInputs(root);
  return {
    className: noneBlank(attr(build, "className")),
    ascendancyName: noneBlank(attr(build, "ascendClassName")),
    level: int(attr(build, "level"), 1),
    mainSocketGroup: int(attr(build, "mainSocketGroup"), 1),
    bandit: choice(inputs, build, "bandit"),
    pantheonMajor: choice(inputs, build, "pantheonMajorGod"),
    pantheonMinor: choice(inputs, build, "pantheonMinorGod"),
    targetVersion: (attr(build, "targetVersion") ?? "").trim(),
    notes,
    noteSegments: noteSegments(notes),
    trees,
    itemSets,
    items,
    skillSets,
    activeTreeId,
    activeItemSetId,
    activeSkillSetId,
    stats: readPlayerStats(root),
  };
}
