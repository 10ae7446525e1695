/**
 * `./just planner-json <file-or-code>`: print the decoded PlannerBuild as JSON.
 * The argument is a file holding a planner code or raw XML, or the code itself.
 * `--batch <file>...` prints one JSON line per file ({file, build} or {file, error}),
 * which the cross-implementation test uses to avoid one Node start per file.
 * `--export-steps <file>...` prints one JSON line per step ({file, step, code}): each tree,
 * equipment set and skill set of the build in at least one step, exported to a planner code.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { coveringSteps, decodePlanner as decodeXml, exportStep, nameGems, PlannerError, type GemIdTable, type PlannerBuild } from "./index";

/** The built gems bundle (game-data/dist, or WAYPOINT_GAME_DATA_DIST as the server reads it); null without one. */
function gemTable(): GemIdTable | null {
  const dist = process.env.WAYPOINT_GAME_DATA_DIST || fileURLToPath(new URL("../../game-data/dist/", import.meta.url));
  try {
    const manifest = JSON.parse(readFileSync(`${dist}/manifest.json`, "utf8")) as { files?: Record<string, string> };
    const name = manifest.files?.gems;
    return name ? (JSON.parse(readFileSync(`${dist}/${name}`, "utf8")) as GemIdTable) : null;
  } catch {
    return null;
  }
}

let table: GemIdTable | null | undefined;

/** Decoded as the PWA shows it: gems named only by skillId or gemId get their names from the gem list. */
function decodePlanner(text: string): PlannerBuild {
  const build = decodeXml(text);
  table ??= gemTable();
  return table ? nameGems(build, table) : build;
}

function readInput(arg: string): string {
  return existsSync(arg) && statSync(arg).isFile() ? readFileSync(arg, "utf8") : arg;
}

function errorOf(error: unknown): { kind: string; message: string } {
  if (error instanceof PlannerError) return { kind: error.kind, message: error.message };
  throw error;
}

function main(args: string[]): number {
  if (args[0] === "--export-steps") {
    for (const file of args.slice(1)) {
      const text = readInput(file);
      let build: PlannerBuild;
      try {
        build = decodePlanner(text);
      } catch {
        continue;
      }
      for (const step of coveringSteps(build)) process.stdout.write(JSON.stringify({ file, step, code: exportStep(text, step) }) + "\n");
    }
    return 0;
  }
  if (args[0] === "--batch") {
    for (const file of args.slice(1)) {
      try {
        process.stdout.write(JSON.stringify({ file, build: decodePlanner(readInput(file)) }) + "\n");
      } catch (error) {
        process.stdout.write(JSON.stringify({ file, error: errorOf(error) }) + "\n");
      }
    }
    return 0;
  }
  if (args.length !== 1) {
    process.stderr.write("usage: planner-json <file-or-code>\n       planner-json --batch <file>...\n");
    return 64;
  }
  try {
    process.stdout.write(JSON.stringify(decodePlanner(readInput(args[0])), null, 2) + "\n");
    return 0;
  } catch (error) {
    const { kind, message } = errorOf(error);
    process.stderr.write(`error: ${kind}: ${message}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
