/**
 * What the build view's Character and Compare tabs show for the selected
 * character (spec §2 Build view sections): its gear, choices and tree beside the
 * selected step, with the tracker's loading and error states; without one, a
 * prompt to log in or choose one.
 */
import { Badge, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import { classColor } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import { ClassAvatar } from "../tracker/CharacterPicker";
import { ChoicesCompare, CharacterChoices } from "../tracker/TrackerChoices";
import { CharacterEquipment } from "../tracker/TrackerEquipment";
import { TrackerTree } from "../tracker/TrackerTree";
import { timeAgo } from "../tracker/timing";
import type { StepCompareState } from "../tracker/useStepCompare";
import { CharacterPrompt } from "./CharacterPrompt";
import type { ViewCharacter } from "./useViewCharacter";

/** The character's name, class and level, and its age when it comes from the cache. */
function CharacterBar({ me, children }: { me: ViewCharacter; children: ReactNode }) {
  const table = useClassTable();
  const c = me.summary!;
  return (
    <Stack gap="sm">
      <Group gap="xs" data-testid="view-character" data-character={c.name}>
        <ClassAvatar cls={c.class} />
        <Text fw={600}>{c.name}</Text>
        <Text size="sm" c="gray.5">Lvl {me.detail.character?.level ?? c.level}</Text>
        <Badge size="sm" variant="light" color={classColor(table, c.class)}>{c.class}</Badge>
        {me.detail.fromCache && me.detail.savedAt && (
          <Text size="xs" c="orange" data-testid="view-character-age">Offline: character data as of {timeAgo(me.detail.savedAt, Date.now())}</Text>
        )}
      </Group>
      {children}
    </Stack>
  );
}

export function characterEquipment(me: ViewCharacter): ReactNode {
  if (!me.summary) return <CharacterPrompt me={me} what="equipment" />;
  return <CharacterBar me={me}><CharacterEquipment detail={me.detail} onRetry={me.retry} /></CharacterBar>;
}

export function characterChoices(me: ViewCharacter, cmp: StepCompareState): { character: ReactNode; compare?: ReactNode } {
  if (!me.summary) return { character: <CharacterPrompt me={me} what="choices" /> };
  return {
    character: <CharacterBar me={me}><CharacterChoices detail={me.detail} onRetry={me.retry} /></CharacterBar>,
    compare: <ChoicesCompare compare={cmp.compare} />,
  };
}

/** With a character, the tree's Build, Character and Compare tabs; without one, undefined (the build tree alone). */
export function characterTree(me: ViewCharacter, cmp: StepCompareState, tree: PlannerTree | undefined, build: PlannerBuild): ReactNode {
  if (!me.summary || !tree) return undefined;
  return (
    <TrackerTree
      tree={tree}
      buildItems={build.items}
      character={cmp.characterTree}
      compareCharacter={cmp.compareTree}
      jewels={cmp.characterJewels}
      defaultTab="build"
      detail={me.detail}
      compare={cmp.compare?.tree ?? null}
      mismatch={cmp.compare?.classMismatch}
      treeLoad={cmp.treeLoad}
      onRetryTree={cmp.retryTree}
      next={cmp.next}
      onRetry={me.retry}
    />
  );
}
