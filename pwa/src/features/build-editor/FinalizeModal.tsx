import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { CopyField } from "../../ui/CopyField";
import { scrollingListbox } from "../../ui/listbox";
import { DROPDOWN_MAX_HEIGHT } from "./StepEditorRow";
import { chosenSkills, MAIN_SKILL_REQUIRED, SKILL_SLOTS, skillOptions } from "./skillOptions";

interface Props {
  opened: boolean;
  gemNames: string[];
  initial: (string | null)[];
  pending: boolean;
  /** Set once the server holds the build: the modal shows 'Build Created'. */
  slug?: string;
  /** A new revision of a published build: its number (the base it was accepted on, plus one). */
  revision?: number;
  onCancel: () => void;
  onComplete: (skills: string[]) => void;
  onClose: () => void;
}

/** Finalize Build: main skill (required), secondary and tertiary; then 'Build Created' with the slug. */
export function FinalizeModal({ opened, gemNames, initial, pending, slug, revision, onCancel, onComplete, onClose }: Props) {
  const [chosen, setChosen] = useState<(string | null)[]>(initial);
  const [mainError, setMainError] = useState<string>();
  useEffect(() => {
    if (opened) {
      setChosen(initial.map((c) => (c && gemNames.includes(c) ? c : null)));
      setMainError(undefined);
    }
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const complete = () => {
    if (!chosen[0]) {
      setMainError(MAIN_SKILL_REQUIRED.message);
      notifications.show({ title: MAIN_SKILL_REQUIRED.title, message: MAIN_SKILL_REQUIRED.message, color: "red", autoClose: 4000 });
      return;
    }
    onComplete(chosenSkills(chosen));
  };

  if (slug) {
    return (
      <Modal opened={opened} onClose={onClose} title={revision ? "Revision Published" : "Build Created"} centered data-testid="build-created">
        <Stack>
          <Text>{revision ? `Revision ${revision} is published. The build's link opens it, and its followers see what changed.` : "Build created successfully!"}</Text>
          <CopyField label="Slug" value={slug} testId="created-slug" />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="created-close">Close</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened={opened} onClose={pending ? () => undefined : onCancel} title="Finalize Build" centered closeButtonProps={{ "aria-label": "Cancel" }} data-testid="finalize-modal">
      <Stack>
        {SKILL_SLOTS.map((label, i) => (
          <Select
            key={label}
            label={label}
            required={i === 0}
            withAsterisk={i === 0}
            placeholder={i === 0 ? "Choose the build's main skill" : "Optional"}
            data={skillOptions(gemNames, chosen, i)}
            value={chosen[i]}
            onChange={(v) => {
              setChosen((c) => c.map((x, j) => (j === i ? v : x)));
              if (i === 0 && v) setMainError(undefined);
            }}
            searchable
            clearable={i > 0}
            nothingFoundMessage="No skills"
            {...scrollingListbox(DROPDOWN_MAX_HEIGHT)}
            error={i === 0 ? mainError : undefined}
            disabled={pending}
            data-testid={`finalize-skill-${i}`}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending} data-testid="finalize-cancel">Cancel</Button>
          <Button onClick={complete} loading={pending} data-testid="finalize-complete">Complete</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
