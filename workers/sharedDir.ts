/**
 * Node-only: where `../shared` (specs, game data, the corpus) sits beside this
 * checkout, the one place TypeScript computes it. Tests, benchmarks and tools
 * read it in place; it is never copied or bundled.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// From a string, not `new URL(...)`: DOM test environments replace the global URL class.
export const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SHARED_DIR = resolve(REPO_DIR, "../shared");
/** The real planner builds, one folder per source. */
export const POB_CORPUS_DIR = `${SHARED_DIR}/corpus/pob/`;
export const CAMPAIGN_DIR = `${SHARED_DIR}/game-data/campaign`;
/** The official passive tree exports by version (`3_28.json.gz`). */
export const TREES_DIR = `${SHARED_DIR}/game-data/trees`;
/** The official-API answers (character list, detail, passives) by source. */
export const GGG_API_DIR = `${SHARED_DIR}/corpus/ggg-api/`;
