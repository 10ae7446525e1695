/**
 * Bounded XML parsing with txml (worker-safe; DOMParser does not exist in workers).
 *
 * txml never expands entities, but it is lenient and recursive, so before
 * parsing we reject what lxml on the server rejects: DTDs and entity
 * declarations, references to undefined entities, and nesting past MAX_DEPTH
 * (which would also overflow txml's recursion).
 */
import { parse, type TNode } from "txml";
import { MAX_DEPTH } from "./limits";
import { PlannerError } from "./types";

export type XmlNode = TNode;

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const BANG = 33; // !
const QUESTION = 63; // ?
const DQUOTE = 34;
const SQUOTE = 39;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

function notPlannerXml(message: string): PlannerError {
  return new PlannerError("not_planner_xml", message);
}

/** Throws unless the text is free of DTDs, undefined entities and deep nesting. */
export function checkXmlSafety(xml: string): void {
  if (xml.includes("<!DOCTYPE") || xml.includes("<!ENTITY")) {
    throw notPlannerXml("Planner XML must not contain a DTD or entity declarations.");
  }
  for (let at = xml.indexOf("&"); at !== -1; at = xml.indexOf("&", at + 1)) {
    if (!ENTITY.test(xml.slice(at, at + 12))) throw notPlannerXml("Planner XML refers to an undefined entity.");
  }
  let depth = 0;
  const n = xml.length;
  for (let at = xml.indexOf("<"); at !== -1 && at < n; at = xml.indexOf("<", at)) {
    const next = xml.charCodeAt(at + 1);
    if (next === SLASH) {
      depth--;
      at = xml.indexOf(">", at);
      if (at === -1) break;
      continue;
    }
    if (next === BANG) {
      // Comments and CDATA: skip to their own terminators.
      const close = xml.startsWith("<!--", at) ? "-->" : xml.startsWith("<![CDATA[", at) ? "]]>" : ">";
      const end = xml.indexOf(close, at + 2);
      if (end === -1) break;
      at = end + close.length;
      continue;
    }
    if (next === QUESTION) {
      const end = xml.indexOf("?>", at + 2);
      if (end === -1) break;
      at = end + 2;
      continue;
    }
    // A start tag: walk its attributes honouring quotes, to see whether it self-closes.
    let i = at + 1;
    while (i < n) {
      const c = xml.charCodeAt(i);
      if (c === DQUOTE || c === SQUOTE) {
        const end = xml.indexOf(c === DQUOTE ? '"' : "'", i + 1);
        if (end === -1) {
          i = n;
          break;
        }
        i = end + 1;
        continue;
      }
      if (c === GT) break;
      i++;
    }
    if (xml.charCodeAt(i - 1) !== SLASH && ++depth > MAX_DEPTH) {
      throw notPlannerXml(`Planner XML is nested deeper than ${MAX_DEPTH} elements.`);
    }
    at = i + 1;
  }
}

/** Parse safe-checked XML; returns the top-level nodes. */
export function parseXml(xml: string): XmlNode[] {
  checkXmlSafety(xml);
  try {
    // noChildNodes: [] so no HTML void-element rules apply to planner tags.
    return parse(xml, { noChildNodes: [] }) as XmlNode[];
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw notPlannerXml(`Planner XML is malformed: ${message}`);
  }
}

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decode the predefined entities and character references (nothing else is allowed). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
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

/** Attribute value with entities decoded; undefined when absent. */
export function attr(node: XmlNode, name: string): string | undefined {
  const value = node.attributes[name];
  return value === undefined || value === null ? undefined : decodeEntities(value);
}

/** Concatenated direct text of an element, entities decoded. */
export function text(node: XmlNode | undefined): string {
  if (!node) return "";
  let out = "";
  for (const child of node.children) if (typeof child === "string") out += child;
  return decodeEntities(out);
}
