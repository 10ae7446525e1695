/**
 * A tracked character's passive points by the app's one passive-point model
 * (workers/guide/passivePoints.ts): its level-ups and the campaign's quest
 * points by its level, with its bandit choice (the official API's "Eramir" and
 * "None" kill all; "Alira", "Kraityn", "Oak" help that lord).
 */
import { banditFlag, characterPassivesText, passivePointsAt, type BanditFlag } from "@workers/guide/passivePoints";
import type { Character } from "../../data/character";

export interface CharacterPassivePoints {
  flag: BanditFlag;
  levels: number;
  quests: number;
  total: number;
  /** "54 passive points at level 45 (44 from levels, 10 from quests; Kill all bandits)" */
  text: string;
}

export function characterPassives(c: Pick<Character, "level" | "passives">): CharacterPassivePoints {
  const flag = banditFlag(c.passives?.banditChoice);
  const level = Math.max(1, c.level || 1);
  return { flag, ...passivePointsAt(level, flag), text: characterPassivesText(level, flag) };
}
