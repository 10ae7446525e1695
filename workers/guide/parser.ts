/**
 * Guide language parser: route scripts -> sections of fragment steps.
 * Directives (#section, #sub, #ifdef/#ifndef/#endif, # comments) are handled
 * here; fragments go through the COMMANDS table. A line with any invalid
 * fragment is dropped with an error naming the line and the reason, and the
 * state it would have changed stays as it was.
 */
import { COMMANDS } from "./commands";
import { splitFragments } from "./fragments";
import { routePassivePoints } from "./passivePoints";
import { GemLedger, NO_MATCHING_SKILLS, offerList } from "./rewards";
import { Draft, initialState, type GuideState } from "./state";
import {
  BANDIT_FLAGS,
  type BanditFlag,
  type CampaignData,
  type FragmentStep,
  type GuideBuild,
  type GuideError,
  type GuideResult,
  type GuideScript,
  type Part,
  type Section,
} from "./types";

export const DEFAULT_SECTION = "Default";

export interface ParseOptions {
  /** Enabled flags for #ifdef/#ifndef; the guide enables exactly one bandit flag. */
  flags: readonly BanditFlag[];
  /** The build whose gems the quest steps point at; null shows every class-filtered offer. */
  build?: GuideBuild | null;
  /** Class to filter offers by when there is no build (null = all classes). */
  className?: string | null;
}

interface Conditional {
  active: boolean;
  line: number;
}

/** Parses the scripts in order, carrying the state from one act into the next. */
export function parseGuide(scripts: readonly GuideScript[], data: CampaignData, options: ParseOptions): GuideResult & { state: GuideState } {
  const flags = new Set<string>(options.flags);
  const build = options.build ?? null;
  const ledger = build ? new GemLedger(data, build) : null;
  const className = build ? build.className || null : (options.className ?? null);
  const sections: Section[] = [];
  const errors: GuideError[] = [];
  let state: GuideState = initialState();
  let section: Section | null = null;
  let lastStep: FragmentStep | null = null;
  const passiveQuests = new Set<string>();

  const currentSection = (): Section => {
    if (!section) {
      section = { name: DEFAULT_SECTION, steps: [] };
      sections.push(section);
    }
    return section;
  };

  /** Parses a line's fragments; on success the new state is kept. */
  const evaluateLine = (text: string): Part[] | string => {
    const pieces = splitFragments(text);
    if (typeof pieces === "string") return pieces;
    const draft = new Draft(state);
    const parts: Part[] = [];
    for (const piece of pieces) {
      if (piece.kind === "text") {
        if (piece.value.trim() !== "") parts.push({ type: "text", value: piece.value });
        continue;
      }
      const evaluator = Object.hasOwn(COMMANDS, piece.name) ? COMMANDS[piece.name] : undefined;
      if (!evaluator) return `unknown command '${piece.name}'`;
      const result = evaluator(piece.args, draft, data);
      if (typeof result === "string") return result;
      parts.push(result);
    }
    state = draft.next;
    for (const part of parts) if (part.type === "quest" && completesQuest(part)) passiveQuests.add(part.questId);
    return parts;
  };

  /** Gem sub-steps for quest hand-ins, or the note that nothing offered is used. */
  const rewardSubSteps = (parts: Part[]): FragmentStep[] => {
    const subs: FragmentStep[] = [];
    for (const part of parts) {
      if (part.type !== "quest") continue;
      const quest = data.quests[part.questId];
      if (!quest) continue;
      const offers = part.rewardOffers.map((id) => ({ id, offer: quest.reward_offers[id] })).filter((o) => o.offer);
      if (offers.length === 0) continue;
      if (ledger) {
        const { parts: gemParts, anyUsed } = ledger.partsFor(part.questId, offers);
        for (const gem of gemParts) subs.push(step([gem]));
        const list = offerList(data, offers.map((o) => o.offer), className);
        if (!anyUsed && list.quest.length + list.vendor.length > 0) subs.push(step([{ type: "text", value: NO_MATCHING_SKILLS }]));
      } else {
        const list = offerList(data, offers.map((o) => o.offer), className);
        if (list.quest.length + list.vendor.length > 0) subs.push(step([{ type: "offer_list", questId: part.questId, ...list }]));
      }
    }
    return subs;
  };

  for (const script of scripts) {
    const conditionals: Conditional[] = [];
    const lines = script.text.split(/\r\n|\r|\n/);
    const fail = (line: number, reason: string, text: string) => errors.push({ file: script.file, line, reason, text });

    for (let index = 0; index < lines.length; index++) {
      const lineNo = index + 1;
      const raw = lines[index];
      const line = raw.trim();
      if (line === "") continue;
      const enabled = conditionals.every((c) => c.active);

      if (line.startsWith("#")) {
        const [, directive = "", rest = ""] = /^#(\S*)\s*(.*)$/.exec(line) ?? [];
        if (directive === "ifdef" || directive === "ifndef") {
          const flag = rest.trim();
          if (!(BANDIT_FLAGS as readonly string[]).includes(flag)) fail(lineNo, `#${directive} needs one of ${BANDIT_FLAGS.join(", ")}, got '${flag}'`, raw);
          conditionals.push({ active: directive === "ifdef" ? flags.has(flag) : !flags.has(flag), line: lineNo });
          continue;
        }
        if (directive === "endif") {
          if (!conditionals.pop()) fail(lineNo, "#endif without #ifdef or #ifndef", raw);
          continue;
        }
        if (!enabled) continue;
        if (directive === "section") {
          section = { name: rest.trim() || DEFAULT_SECTION, steps: [] };
          sections.push(section);
          lastStep = null;
          continue;
        }
        if (directive === "sub") {
          if (!lastStep) {
            fail(lineNo, "#sub without a step before it", raw);
            continue;
          }
          const parts = evaluateLine(rest);
          if (typeof parts === "string") fail(lineNo, parts, raw);
          else if (parts.length > 0) lastStep.subSteps.push(step(parts));
          continue;
        }
        continue; // any other '#' line is a comment
      }

      if (!enabled) continue;
      const parts = evaluateLine(line);
      if (typeof parts === "string") {
        fail(lineNo, parts, raw);
        continue;
      }
      if (parts.length === 0) continue;
      const newStep = step(parts);
      newStep.subSteps.push(...rewardSubSteps(parts));
      currentSection().steps.push(newStep);
      lastStep = newStep;
    }
    for (const open of conditionals) fail(open.line, "#ifdef or #ifndef without #endif", lines[open.line - 1]);
  }
  return { sections, errors, state, passivePoints: passivePointsOf(passiveQuests, data) };
}

/** A hand-in that names only side offers (a9q5_offer before Shakari) does not finish the quest. */
function completesQuest(part: Extract<Part, { type: "quest" }>): boolean {
  return part.rewardOffers.length === 0 || part.rewardOffers.includes(part.questId);
}

/** The passive-point model (passivePoints.ts) over the quests the route hands in, with the bundle's route facts. */
function passivePointsOf(questIds: Set<string>, data: CampaignData): number {
  return data.routeFacts ? routePassivePoints(questIds, null, data.routeFacts.quests) : 0;
}

function step(parts: Part[]): FragmentStep {
  return { type: "fragment_step", parts, subSteps: [] };
}

/** "act-3.txt:12: reason" */
export function formatError(error: GuideError): string {
  return `${error.file}:${error.line}: ${error.reason}`;
}
