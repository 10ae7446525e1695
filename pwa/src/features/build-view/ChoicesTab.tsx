import { Card, Stack, Table, Tabs, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { banditName, pantheonName } from "../../data/choiceNames";

/** The build's bandit and pantheon choices, by their game names (data/choiceNames.ts). */
export function BuildChoices({ build }: { build: PlannerBuild }) {
  return (
    <Card withBorder maw={480}>
      <Table data-testid="choices">
        <Table.Tbody>
          <Table.Tr><Table.Th>Bandit</Table.Th><Table.Td data-testid="choice-bandit">{banditName(build.bandit)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Major pantheon</Table.Th><Table.Td data-testid="choice-major">{pantheonName(build.pantheonMajor)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Minor pantheon</Table.Th><Table.Td data-testid="choice-minor">{pantheonName(build.pantheonMinor)}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * Build, Character, and Compare when player data is included (spec §2 Build view sections).
 * `character`: the Character tab's content; `compare`: the Compare tab's, which shows only with a character.
 */
export function ChoicesTab({ build, character, compare }: { build: PlannerBuild; character?: ReactNode; compare?: ReactNode }) {
  return (
    <Tabs defaultValue="build" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="build">Build</Tabs.Tab>
        <Tabs.Tab value="character" data-testid="choices-character-tab">Character</Tabs.Tab>
        {compare && <Tabs.Tab value="compare" data-testid="choices-compare-tab">Compare</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="build" pt="md"><BuildChoices build={build} /></Tabs.Panel>
      <Tabs.Panel value="character" pt="md">
        {character ?? <Stack><Text c="dimmed">Attach this build to a character to compare its choices.</Text></Stack>}
      </Tabs.Panel>
      {compare && <Tabs.Panel value="compare" pt="md">{compare}</Tabs.Panel>}
    </Tabs>
  );
}
