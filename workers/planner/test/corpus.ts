/** Test helper: the real planner builds in ../shared/corpus/pob, read in place (never copied). */
import { readdirSync, readFileSync } from "node:fs";
import { POB_CORPUS_DIR, SHARED_DIR } from "../../sharedDir";

export const CORPUS_DIR = POB_CORPUS_DIR;

/** A spec document (../shared/spec/{name}), the independent source of the texts tests expect. */
export function specText(name: string): string {
  return readFileSync(`${SHARED_DIR}/spec/${name}`, "utf8");
}

export function corpusFiles(): string[] {
  const files: string[] = [];
  for (const dir of readdirSync(CORPUS_DIR, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of readdirSync(CORPUS_DIR + dir.name)) {
      if (name.endsWith(".xml") || name.endsWith(".code.txt")) files.push(`${dir.name}/${name}`);
    }
  }
  if (files.length < 50) throw new Error(`planner corpus missing under ${CORPUS_DIR}`);
  return files.sort();
}

export function corpusText(name: string): string {
  const match = corpusFiles().filter((f) => f.endsWith("/" + name));
  if (match.length !== 1) throw new Error(`no single corpus file named ${name}`);
  return readFileSync(CORPUS_DIR + match[0], "utf8");
}
