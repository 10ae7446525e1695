/**
 * For tests/guide/test_passives_note.py (run under Node with tsx): the passives
 * note the guide worker's API gives for each bandit flag, parsing the real route
 * with no build. Prints one JSON object: flag -> {passivePoints, note, errors}.
 *
 * With a file argument, its JSON replaces the campaign facts' routeFacts: the
 * pytest passes the table the game-data pipeline joins into the campaign bundle
 * (what the PWA reads); without one, game-data/route-facts.json as the Node tests
 * read it (campaignFiles.ts).
 */
import { readFileSync } from "node:fs";
import { createGuideApi } from "../api";
import { loadActs, loadCampaign } from "../campaignFiles";
import { passivesNote } from "../rewards";
import { BANDIT_FLAGS, type RouteFacts } from "../types";

async function main(args: string[]): Promise<void> {
  const data = loadCampaign();
  if (args[0]) data.routeFacts = JSON.parse(readFileSync(args[0], "utf8")) as RouteFacts;
  const api = createGuideApi(loadActs(), async () => data);
  const out: Record<string, { passivePoints: number; note: string; errors: string[] }> = {};
  for (const flag of BANDIT_FLAGS) {
    const { passivePoints, errors } = await api.parse(null, flag);
    out[flag] = { passivePoints, note: passivesNote(flag, passivePoints), errors };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

void main(process.argv.slice(2));
