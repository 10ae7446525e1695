/**
 * Bounded XML parsing with txml (worker-safe; DOMParser does not exist in workers).
 *
 * txml never expands entities, but it is lenient, so we reject what lxml on the
 * server rejects: DTDs and entity declarations, references to undefined
 * entities, nesting past MAX_DEPTH, and what is not well-formed (wellFormed.ts). txml parses recursively: absurd nesting
 * overflows the stack, which surfaces as a RangeError and is reported the same
 * way; anything it does parse is then checked against MAX_DEPTH.
 */
import { parse, type TNode } from "txml";
import { MAX_DEPTH } from "./limits";
import { PlannerError } from "./types";
import { checkWellFormed, xmlChars } from "./wellFormed";

export type XmlNode = TNode;

const DECLARATION = /<!(?:DOCTYPE|ENTITY)/;
// Only the five predefined entities and character references are XML without a DTD.
const UNDEFINED_ENTITY_AT = /^&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;

function notPlannerXml(message: string): PlannerError {
  return new PlannerError("not_planner_xml", message);
}

function tooDeep(): PlannerError {
  return notPlannerXml(`Planner XML is nested deeper than ${MAX_DEPTH} elements.`);
}

/** True when the reference at `at` ("&...;") is one XML defines without a DTD. */
function definedEntityAt(xml: string, at: number): boolean {
  const c = xml.charCodeAt(at + 1);
  // Fast paths for the references planner exports are full of.
  if (c === 97 /* a */ && (xml.startsWith("apos;", at + 1) || xml.startsWith("amp;", at + 1))) return true;
  if (c === 113 /* q */ && xml.startsWith("quot;", at + 1)) return true;
  if ((c === 108 /* l */ || c === 103) /* g */ && xml.startsWith("t;", at + 2)) return true;
  return UNDEFINED_ENTITY_AT.test(xml.slice(at, at + 12)) === false;
}

/** Throws unless the text is free of DTDs, entity declarations and undefined entities. */
export function checkXmlSafety(xml: string): void {
  if (DECLARATION.test(xml)) throw notPlannerXml("Planner XML must not contain a DTD or entity declarations.");
  for (let at = xml.indexOf("&"); at !== -1; at = xml.indexOf("&", at + 1)) {
    if (!definedEntityAt(xml, at)) throw notPlannerXml("Planner XML refers to an undefined entity.");
  }
}

/** True when an element sits deeper than MAX_DEPTH (the root element is depth 1). */
function exceedsDepth(nodes: (XmlNode | string)[], depth: number): boolean {
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) continue;
    if (depth > MAX_DEPTH) return true;
    if (node.children.length && exceedsDepth(node.children, depth + 1)) return true;
  }
  return false;
}

/** Parse safe-checked XML; returns the root element (undefined for a document without one). */
export function parseXml(input: string): XmlNode | undefined {
  // Characters XML does not allow read as spaces; what lxml refuses is refused (wellFormed.ts).
  const xml = xmlChars(input);
  checkXmlSafety(xml);
  checkWellFormed(xml);
  let nodes: (XmlNode | string)[];
  try {
    // noChildNodes: [] so no HTML void-element rules apply to planner tags.
    nodes = parse(xml, { noChildNodes: [] });
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw notPlannerXml(`Planner XML is malformed: ${message}`);
  }
  if (exceedsDepth(nodes, 1)) throw tooDeep();
  return documentRoot(xml, nodes);
}

/** What may follow the root's closing tag ("</Root" + this): the tag's end, then whitespace, comments and processing instructions. */
const ROOT_END = /^\s*>/;
const MISC = /^(?:\s|<!--(?:[^-]|-(?!->))*-->|<\?(?:[^?]|\?(?!>))*\?>)*$/;

function contentAfterRoot(): PlannerError {
  return notPlannerXml("Planner XML is malformed: there is content after the root element.");
}

/**
 * txml returns what it read of a cut-off document and keeps content after the
 * root; lxml rejects both, and so do we, so a truncated paste is an error
 * rather than a build with steps missing.
 */
function documentRoot(xml: string, nodes: (XmlNode | string)[]): XmlNode | undefined {
  const roots = nodes.filter((n): n is XmlNode => isElement(n) && !n.tagName.startsWith("?"));
  if (roots.length > 1 || nodes.some((n) => typeof n === "string" && n.trim() !== "")) throw contentAfterRoot();
  const root = roots[0];
  if (!root) return undefined;
  const close = xml.lastIndexOf("</" + root.tagName);
  // An empty root ("<PathOfBuilding/>") has no closing tag; findPlannerRoot rejects it for lacking <Build>.
  if (close === -1 && root.children.length === 0) return root;
  const tail = close === -1 ? "" : xml.slice(close + 2 + root.tagName.length);
  const end = ROOT_END.exec(tail);
  if (close === -1 || !end) throw notPlannerXml("Planner XML is cut off: it ends before the root element is closed.");
  if (!MISC.test(tail.slice(end[0].length))) throw contentAfterRoot();
  return root;
}

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decode the predefined entities and character references (nothing else is allowed). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  if (!text.includes("&#")) {
    // Named references only: plain replacements, "&amp;" last so "&amp;apos;" stays "&apos;".
    let out = text;
    if (out.includes("&apos;")) out = out.replaceAll("&apos;", "'");
    if (out.includes("&quot;")) out = out.replaceAll("&quot;", '"');
    if (out.includes("&lt;")) out = out.replaceAll("&lt;", "<");
    if (out.includes("&gt;")) out = out.replaceAll("&gt;", ">");
    if (out.includes("&amp;")) out = out.replaceAll("&amp;", "&");
    return out;
  }
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (whole, name: string) => {
    if (name[0] !== "#") return PREDEFINED[name];
    const code = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function isElement(node: XmlNode | string): node is XmlNode {
  return typeof node === "object" && node !== null;
}

/** Child elements, optionally by tag name. */
export function elements(node: XmlNode | undefined, tag?: string): XmlNode[] {
  if (!node) return [];
  const out: XmlNode[] = [];
  for (const child of node.children) {
    if (typeof child === "object" && child !== null && (tag === undefined || child.tagName === tag)) out.push(child);
  }
  return out;
}

export function element(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  if (!node) return undefined;
  for (const child of node.children) {
    if (typeof child === "object" && child !== null && child.tagName === tag) return child;
  }
  return undefined;
}

const ATTR_BREAKS = /\r\n|[\t\n\r]/g;

/** Attribute value, normalised as XML does (literal tabs and line breaks read as spaces), entities decoded. */
export function attr(node: XmlNode, name: string): string | undefined {
  const value = node.attributes[name];
  if (value === undefined || value === null) return undefined;
  const normalised = value.includes("\n") || value.includes("\t") || value.includes("\r") ? value.replace(ATTR_BREAKS, " ") : value;
  return decodeEntities(normalised);
}

/** Concatenated direct text of an element, entities decoded. */
export function text(node: XmlNode | undefined): string {
  if (!node) return "";
  let out = "";
  for (const child of node.children) if (typeof child === "string") out += child;
  return decodeEntities(out);
}
