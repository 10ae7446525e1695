/**
 * The build view's player data: the session's selected character (the one the
 * tracker follows), its list entry and its detail, each from the server or the
 * Dexie cache. Logged out, or with no character chosen, there is none.
 */
import type { Identity } from "../../data/types";
import { useCharacterDetail, type DetailState } from "../tracker/useCharacterDetail";
import { useCharacters, useSelectedCharacter, type CharactersState } from "../tracker/useCharacters";
import { useSession } from "../session/useSession";
import type { CharacterSummary } from "../../data/types";

export interface ViewCharacter {
  identity: Identity | null;
  chars: CharactersState;
  /** The selected character's list entry; null when none is chosen (or it is still loading). */
  summary: CharacterSummary | null;
  select: (id: string | null) => void;
  detail: DetailState;
  retry: () => void;
}

export function useViewCharacter(): ViewCharacter {
  const { identity, realm } = useSession();
  const chars = useCharacters(realm, Boolean(identity));
  const { summary, select } = useSelectedCharacter(chars);
  const mine = identity ? summary : null;
  const { detail, reload } = useCharacterDetail(realm, mine);
  return { identity, chars, summary: mine, select, detail, retry: reload };
}
