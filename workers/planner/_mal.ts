import { readFileSync } from "node:fs";
import { tryDecodePlanner } from "./index";
const xml = readFileSync("/work/shared/corpus/pob/Vilsol__go-pob/many-builds_12.xml", "utf8");
const cases: Record<string, string> = {
  truncated_half: xml.slice(0, xml.length >> 1),
  truncated_end: xml.slice(0, xml.length - 5),
  no_close_root: xml.replace(/<\/PathOfBuilding>\s*$/, ""),
  mismatched: xml.replace("</Build>", "</Bxild>"),
  two_roots: xml + "<PathOfBuilding><Build/></PathOfBuilding>",
  trailing_garbage: xml + "garbage",
  unquoted_attr: xml.replace('<Build ', '<Build foo=bar '),
  dup_attr: xml.replace('<Build ', '<Build a="1" a="2" '),
  lt_in_attr: xml.replace('<Build ', '<Build a="x<y" '),
};
for (const [k, v] of Object.entries(cases)) {
  const r = tryDecodePlanner(v);
  console.log(k, r.ok ? `OK trees=${r.build.trees.length} items=${Object.keys(r.build.items).length} skills=${r.build.skillSets.length}` : `${r.error.kind}: ${r.error.message}`);
}
