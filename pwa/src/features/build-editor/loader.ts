/**
 * The loader (spec §2 "Create New Build", "Build loader widget"; §8 loading
 * errors): a link goes through the server's paste proxy, a raw code or a
 * dropped XML file is decoded on the device (so it works offline).
 */
import type { PasteHostKey } from "@workers/planner/links";
import type { PlannerBuild } from "@workers/planner/types";
import { ApiRequestError, request } from "../../data/api";
import { buildTitle } from "../../data/classes";
import { PlannerDecodeError } from "../../data/planner";
import type { BuildInfo } from "../../data/types";
import { NoUsableTreeError, offeredTrees, type ClassNames } from "./classCheck";
import { readImportInput, type ImportInput, type ImportKind } from "./importInput";
import type { SharedInput } from "../share/sharedInput";

export interface LoadError {
  title: string;
  message: string;
  /** An input the editor can take but this box cannot (a planner code given to the tracker): offered to Create New Build. */
  forEditor?: SharedInput;
}

export const LOAD_ERRORS = {
  fetchData: "Failed to fetch build data",
  extract: "Failed to extract build info, please try a different PoB URL.",
  retry: "Failed to fetch build, please try again in a few seconds.",
  load: "Failed to load build",
  badUrl: { title: "Failed to load the build", message: "make sure that the url is correct" },
  stepSkipped: "failed to load one of the build steps",
} as const;

export const PLANNER_DECODE_MEASURE = "planner.decode";
export const LOAD_MARK = "editor:load";
export const SHOWN_MARK = "editor:shown";

export const NO_SETS_MESSAGE = "This planner export has no passive tree, equipment set or skill set.";

/** Errors of the kinds the spec does not word (it only knows paste links). */
export const KIND_ERRORS = {
  code: "Failed to read the planner code",
  xml: "Failed to read the planner XML",
  codeHint: "Copy the whole code from Path of Building (Import/Export Build, Generate) and paste it again.",
  waypointMissing: "Waypoint build not found",
  waypointBroken: "Failed to read the Waypoint build's planner code",
  waypointMessage: (slug: string) => `No published build has the slug '${slug}'. Check the link, or browse builds.`,
} as const;

/**
 * The loading error for whatever went wrong, worded for the kind of input the
 * user gave: the spec's texts for a paste link (they speak of a PoB URL), our
 * own for a code, XML or a Waypoint build, which must not mention URLs.
 */
export function loadErrorFor(err: unknown, kind: ImportKind = "paste", slug = ""): LoadError {
  if (err instanceof NoUsableTreeError) return { title: err.title, message: err.message };
  if (err instanceof PlannerDecodeError) {
    // A Path of Exile 2 export was read whole: copying it again would not help.
    if (kind === "code") return { title: KIND_ERRORS.code, message: err.kind === "poe2_build" ? err.message : `${err.message} ${KIND_ERRORS.codeHint}` };
    if (kind === "xml") return { title: KIND_ERRORS.xml, message: err.message };
    if (kind === "waypoint") return { title: KIND_ERRORS.waypointBroken, message: err.message };
    return { title: LOAD_ERRORS.extract, message: err.message };
  }
  if (err instanceof ApiRequestError) {
    if (kind === "waypoint" && (err.status === 404 || err.status === 400 || err.status === 422)) return { title: KIND_ERRORS.waypointMissing, message: KIND_ERRORS.waypointMessage(slug) };
    if (kind === "paste" && (err.status === 404 || err.status === 400)) return LOAD_ERRORS.badUrl;
    if (err.status === 502) return { title: LOAD_ERRORS.fetchData, message: err.message };
    if (err.offline || err.status === 429 || (err.status ?? 0) >= 500) {
      return { title: LOAD_ERRORS.retry, message: err.offline ? "The server could not be reached." : err.message };
    }
  }
  return { title: LOAD_ERRORS.load, message: err instanceof Error ? err.message : String(err) };
}

/** The proxy path of a paste host (server/api/planner_proxy.py). */
export const proxyPath = (host: PasteHostKey, id: string) => `/proxy/${host}/${encodeURIComponent(id)}`;

export type LoaderInput = ImportInput;

/** What the field (or a file) holds: importInput.ts recognises every kind. */
export const readLoaderInput = readImportInput;

export interface Loaded {
  /** Link, pasted text or file name, as shown in the settings panel. */
  source: string;
  /** The planner code to publish (pobCod). */
  code: string;
  /** The export with only the trees its steps may use (classCheck.ts offeredTrees). */
  build: PlannerBuild;
  /** One note per tree left out ("'Warden endgame' is for Warden: not offered"), shown in the editor. */
  notes: string[];
  /** What was loaded: "pobb.in link", "planner code", "Waypoint build 'Cyclone Slayer'". */
  label: string;
}

export interface LoaderDeps {
  fetchCode: (host: PasteHostKey, id: string) => Promise<string>;
  toCode: (input: string) => Promise<string>;
  decode: (code: string) => Promise<PlannerBuild>;
  /** A published build by slug, link or id (GET /api/Build/{slug}). */
  fetchBuild?: (slug: string) => Promise<BuildInfo>;
  /** The class table names the trees left out; null when it cannot load (the planner's class ids are read instead). */
  classes?: () => Promise<ClassNames | null>;
}

export const fetchPasteCode = (host: PasteHostKey, id: string) => request<string>("GET", proxyPath(host, id));

/** Load an input the field accepted; throws what loadErrorFor maps (with the input's kind). */
export async function loadInput(input: Exclude<LoaderInput, { kind: "invalid" }>, source: string, deps: LoaderDeps): Promise<Loaded> {
  // The class table loads alongside the fetch and the decode, not after them.
  const classes = deps.classes ? deps.classes().catch(() => null) : Promise.resolve(null);
  let label = input.label;
  let raw: string;
  if (input.kind === "paste") raw = await deps.fetchCode(input.host, input.id);
  else if (input.kind === "waypoint") {
    if (!deps.fetchBuild) throw new Error("Waypoint builds cannot be loaded here.");
    const info = await deps.fetchBuild(input.slug);
    raw = info.pobCode;
    label = `Waypoint build '${buildTitle(info)}'`;
  } else raw = input.code;
  const code = await deps.toCode(raw);
  // Timed for the editor benchmark (e2e/bench/bench_editor.py): the decode alone, inside the load.
  const started = performance.now();
  const build = await deps.decode(code);
  performance.measure(PLANNER_DECODE_MEASURE, { start: started, end: performance.now() });
  if (!build.trees.length && !build.itemSets.length && !build.skillSets.length) throw new Error(NO_SETS_MESSAGE);
  // The steps of one build are for one character: trees of another class or ascendancy are left out
  // (with a note each), and only an export with none of its own is refused.
  const offered = offeredTrees(build, await classes);
  return { source, code, build: offered.build, notes: offered.notes, label };
}
