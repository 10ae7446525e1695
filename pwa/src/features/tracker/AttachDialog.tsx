/**
 * 'Attach to Character' (spec §2): characters of the build's base class,
 * grouped by league, Refetch, Cancel, and Attach once a character is chosen.
 * On success it selects the character and opens the tracker.
 */
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { baseClassOf } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import type { BuildInfo } from "../../data/types";
import { useSession } from "../session/useSession";
import { CharacterPicker } from "./CharacterPicker";
import { useCharacters, useSelectedCharacterId } from "./useCharacters";
import { attachWithToasts } from "./useTracker";

export function AttachDialog({ opened, onClose, info }: { opened: boolean; onClose: () => void; info: BuildInfo }) {
  const { realm } = useSession();
  const table = useClassTable();
  const navigate = useNavigate();
  const chars = useCharacters(realm, opened);
  const [selected, select] = useSelectedCharacterId();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Preselect the tracked character when it fits the build.
    const current = chars.characters.find((c) => c.id === selected);
    if (opened && current && baseClassOf(table, current.class) === info.baseClass) setChoice(current.id);
  }, [opened, chars.characters, selected, info.baseClass, table]);

  const attach = async () => {
    setBusy(true);
    const character = chars.characters.find((c) => c.id === choice) ?? null;
    const ok = await attachWithToasts(table, realm, character, info);
    setBusy(false);
    if (ok && character) {
      select(character.id);
      onClose();
      navigate("/build/track");
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Attach to Character" centered data-testid="attach-dialog">
      <Stack>
        <CharacterPicker chars={chars} value={choice} onChange={setChoice} baseClass={info.baseClass} label={`${info.baseClass} characters`} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="attach-cancel">Cancel</Button>
          <Button onClick={() => void attach()} disabled={!choice} loading={busy} data-testid="attach-confirm">Attach</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
