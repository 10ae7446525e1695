/**
 * XML well-formedness as lxml (libxml2) on the server judges it, for the
 * parts txml does not check: txml reads unquoted and duplicate attributes, a
 * '<' inside an attribute value, mismatched closing tags and stray '<' in text
 * without complaint, so a build the server refuses would load in the editor
 * and fail only at publish. This scan runs before txml and refuses what lxml
 * refuses, with a message that says where, and XML namespaces, which the
 * planner never writes and the server refuses too (checkNamespaces).
 *
 * Characters XML does not allow (control characters such as U+000B, U+FFFE)
 * are not refused: the planner writes them into exports as they are (its
 * writer escapes only < > & ' "), so both decoders read each as a space
 * (xmlChars below; server/planner/decode.py does the same).
 */
import { MAX_DEPTH } from "./limits";
import { PlannerError } from "./types";

const WS = "[ \\t\\r\\n]";
const NAME_START =
  ":A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F" +
  "\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}";
const NAME_CHAR = NAME_START + "\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040";
const NAME = `[${NAME_START}][${NAME_CHAR}]*`;
const VALUE = `(?:"[^<"]*"|'[^<']*')`;
const START_TAG = new RegExp(`<(${NAME})((?:${WS}+${NAME}${WS}*=${WS}*${VALUE})*)${WS}*(/?)>`, "uy");
const ATTRIBUTE = new RegExp(`(${NAME})${WS}*=${WS}*(?:"([^<"]*)"|'([^<']*)')`, "gu");
const END_TAG = new RegExp(`</(${NAME})${WS}*>`, "uy");
const PI_TARGET = new RegExp(`<\\?(${NAME})(?:${WS}|(?=\\?>))`, "uy");
const TAG_NAME = new RegExp(`<${NAME}`, "uy");
const ATTR_NAME = new RegExp(`${WS}+(${NAME})${WS}*`, "uy");
const XML_DECLARATION = new RegExp(
  `<\\?xml${WS}+version${WS}*=${WS}*(["'])1\\.[0-9]+\\1` +
    `(?:${WS}+encoding${WS}*=${WS}*(["'])[A-Za-z][A-Za-z0-9._-]*\\2)?` +
    `(?:${WS}+standalone${WS}*=${WS}*(["'])(?:yes|no)\\3)?${WS}*\\?>`,
  "y",
);
const NOT_SPACE = /[^ \t\r\n]/;
const CHAR_REF = /&#(x[0-9a-fA-F]+|[0-9]+);/g;
const NCNAME_START = new RegExp(`^[${NAME_START.slice(1)}]`, "u");
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
export const NAMESPACES_MESSAGE = "Planner XML must not use XML namespaces.";

/** A character XML 1.0 does not allow (a lone surrogate included). */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text with each character XML does not allow read as a space, as the server reads it. */
export function xmlChars(xml: string): string {
  NOT_XML_CHAR.lastIndex = 0;
  return NOT_XML_CHAR.test(xml) ? xml.replace(NOT_XML_CHAR, " ") : xml;
}

function isXmlChar(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

function lineAt(xml: string, at: number): number {
  let line = 1;
  for (let i = xml.indexOf("\n"); i !== -1 && i < at; i = xml.indexOf("\n", i + 1)) line++;
  return line;
}

function malformed(xml: string, at: number, what: string): PlannerError {
  return new PlannerError("not_planner_xml", `Planner XML is malformed: ${what} (line ${lineAt(xml, at)}).`);
}

function cutOff(): PlannerError {
  return new PlannerError("not_planner_xml", "Planner XML is cut off: it ends before the root element is closed.");
}

function contentAfterRoot(): PlannerError {
  return new PlannerError("not_planner_xml", "Planner XML is malformed: there is content after the root element.");
}

/** Character references must name characters XML allows ("&#11;" does not). */
function checkCharRefs(xml: string, text: string, at: number): void {
  if (!text.includes("&#")) return;
  for (const m of text.matchAll(CHAR_REF)) {
    const ref = m[1];
    const code = ref[0] === "x" ? (ref.length > 9 ? Infinity : parseInt(ref.slice(1), 16)) : ref.length > 8 ? Infinity : parseInt(ref, 10);
    if (!isXmlChar(code)) throw malformed(xml, at, `'&#${ref};' refers to a character XML does not allow`);
  }
}

/** Why the start tag at `at` did not match START_TAG. */
function badStartTag(xml: string, at: number): PlannerError {
  TAG_NAME.lastIndex = at;
  if (!TAG_NAME.test(xml)) return malformed(xml, at, "a '<' does not start a tag (write '&lt;' for a '<' in text)");
  let pos = TAG_NAME.lastIndex;
  for (;;) {
    ATTR_NAME.lastIndex = pos;
    const name = ATTR_NAME.exec(xml);
    if (!name) break;
    pos = ATTR_NAME.lastIndex;
    if (xml[pos] !== "=") return malformed(xml, at, `the attribute '${name[1]}' has no value`);
    pos++;
    while (" \t\r\n".includes(xml[pos] ?? "x")) pos++;
    const quote = xml[pos];
    if (quote !== '"' && quote !== "'") return malformed(xml, at, `the value of the attribute '${name[1]}' is not in quotes`);
    const close = xml.indexOf(quote, pos + 1);
    if (close === -1) return malformed(xml, at, `the value of the attribute '${name[1]}' is not closed`);
    if (xml.slice(pos + 1, close).includes("<")) return malformed(xml, at, `the value of the attribute '${name[1]}' contains '<' (write '&lt;')`);
    pos = close + 1;
  }
  return malformed(xml, at, "a tag is not closed properly");
}

/**
 * The planner writes no XML namespaces and the server reads none (its element lookups would miss a
 * <PathOfBuilding xmlns="..."> or an <Items> in a namespace), so both refuse them: an element name with
 * a prefix, an xmlns attribute. Attributes may use the predefined "xml:" prefix (xml:lang), as in lxml.
 */
function checkNamespaces(xml: string, at: number, tag: string, names: string[], values: string[]): void {
  const refuse = () => new PlannerError("not_planner_xml", NAMESPACES_MESSAGE);
  if (tag.includes(":")) throw refuse();
  names.forEach((name, i) => {
    if (name === "xmlns:xml" && values[i] === XML_NAMESPACE) return;
    if (name === "xmlns" || name.startsWith("xmlns:")) throw refuse();
    if (!name.includes(":")) return;
    const parts = name.split(":");
    if (parts.length !== 2 || !NCNAME_START.test(parts[1])) throw malformed(xml, at, `'${name}' is not a valid name`);
    if (parts[0] !== "xml") throw refuse();
  });
}

/**
 * Throws PlannerError (not_planner_xml) unless the text is well-formed XML as
 * lxml reads it. Entities and DTDs are checked before (checkXmlSafety); the
 * characters are those of xmlChars.
 */
export function checkWellFormed(xml: string): void {
  const n = xml.length;
  let at = 0;
  while (at < n && " \t\r\n\uFEFF".includes(xml[at])) at++;
  if (xml.startsWith("<?xml", at) && /[ \t\r\n?]/.test(xml[at + 5] ?? "")) {
    XML_DECLARATION.lastIndex = at;
    if (!XML_DECLARATION.test(xml)) throw malformed(xml, at, "the XML declaration is not valid");
    at = XML_DECLARATION.lastIndex;
  }
  const stack: string[] = [];
  let rootClosed = false;
  const cdataEnds = xml.includes("]]>");
  const text = (from: number, to: number) => {
    if (!stack.length) {
      if (NOT_SPACE.test(xml.slice(from, to))) {
        throw rootClosed ? contentAfterRoot() : malformed(xml, from, "there is text before the root element");
      }
      return;
    }
    const chunk = xml.slice(from, to);
    if (cdataEnds && chunk.includes("]]>")) throw malformed(xml, from, "']]>' is not allowed in text");
    checkCharRefs(xml, chunk, from);
  };
  while (at < n) {
    const lt = xml.indexOf("<", at);
    const end = lt === -1 ? n : lt;
    if (end > at) text(at, end);
    if (lt === -1) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 47 /* / */) {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(xml);
      if (!m) throw stack.length && !xml.includes(">", lt) ? cutOff() : malformed(xml, lt, "a closing tag is not valid");
      const open = stack.pop();
      if (open === undefined) throw contentAfterRoot();
      if (m[1] !== open) throw malformed(xml, lt, `<${open}> is closed by </${m[1]}>`);
      if (!stack.length) rootClosed = true;
      at = END_TAG.lastIndex;
    } else if (next === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const close = xml.indexOf("-->", lt + 4);
        if (close === -1) throw rootClosed ? contentAfterRoot() : malformed(xml, lt, "a comment is not closed");
        const body = xml.slice(lt + 4, close);
        if (body.includes("--") || body.endsWith("-")) throw malformed(xml, lt, "a comment contains '--'");
        at = close + 3;
      } else if (xml.startsWith("<![CDATA[", lt) && stack.length) {
        const close = xml.indexOf("]]>", lt + 9);
        if (close === -1) throw cutOff();
        at = close + 3;
      } else if (stack.length) throw malformed(xml, lt, "a '<!' starts neither a comment nor a CDATA section");
      else throw rootClosed ? contentAfterRoot() : malformed(xml, lt, "there is content before the root element");
    } else if (next === 63 /* ? */) {
      PI_TARGET.lastIndex = lt;
      const m = PI_TARGET.exec(xml);
      if (!m || m[1].includes(":")) throw malformed(xml, lt, "a processing instruction has no valid name");
      if (m[1].toLowerCase() === "xml") throw malformed(xml, lt, "the XML declaration is allowed only at the start");
      const close = xml.indexOf("?>", lt + 2);
      if (close === -1) throw stack.length ? cutOff() : malformed(xml, lt, "a processing instruction is not closed");
      at = close + 2;
    } else {
      START_TAG.lastIndex = lt;
      const m = START_TAG.exec(xml);
      if (rootClosed) throw contentAfterRoot();
      if (!m) throw stack.length && !xml.includes(">", lt) ? cutOff() : badStartTag(xml, lt);
      const tag = m[1];
      if (m[2]) {
        const names: string[] = [];
        const values: string[] = [];
        for (const a of m[2].matchAll(ATTRIBUTE)) {
          const value = a[2] ?? a[3];
          if (names.includes(a[1])) throw malformed(xml, lt, `the attribute '${a[1]}' appears twice in <${tag}>`);
          names.push(a[1]);
          values.push(value);
          checkCharRefs(xml, value, lt);
        }
        if (m[0].includes(":") || m[2].includes("xmlns")) checkNamespaces(xml, lt, tag, names, values);
      } else if (tag.includes(":")) checkNamespaces(xml, lt, tag, [], []);
      if (m[3] !== "/") {
        if (stack.length >= MAX_DEPTH) throw new PlannerError("not_planner_xml", `Planner XML is nested deeper than ${MAX_DEPTH} elements.`);
        stack.push(tag);
      } else if (!stack.length) rootClosed = true;
      at = START_TAG.lastIndex;
    }
  }
  if (stack.length) throw cutOff();
}
