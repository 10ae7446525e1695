import { Card, Table, Tabs, Text } from "@mantine/core";
import type { PlannerBuild } from "@workers/planner/types";
import { BuildChoices } from "../build-view/ChoicesTab";
import { CharacterDataMissing, CompareUnavailable } from "./CharacterStatus";
import { banditName, pantheonName } from "../../data/choiceNames";
import { characterPassives } from "./characterPassives";
import type { StepCompare } from "./compare";
import type { DetailState } from "./useCharacterDetail";

interface Props {
  build: PlannerBuild;
  detail: DetailState;
  compare: StepCompare | null;
  onRetry: () => void;
  defaultTab?: "build" | "character" | "compare";
}

export function TrackerChoices({ build, detail, compare, onRetry, defaultTab = "compare" }: Props) {
  return (
    <Tabs defaultValue={defaultTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="build">Build</Tabs.Tab>
        <Tabs.Tab value="character" data-testid="choices-character-tab">Character</Tabs.Tab>
        <Tabs.Tab value="compare" data-testid="choices-compare-tab">Compare</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="build" pt="md"><BuildChoices build={build} /></Tabs.Panel>
      <Tabs.Panel value="character" pt="md"><CharacterChoices detail={detail} onRetry={onRetry} /></Tabs.Panel>
      <Tabs.Panel value="compare" pt="md"><ChoicesCompare compare={compare} /></Tabs.Panel>
    </Tabs>
  );
}

/** The character's bandit and pantheon, or why they are missing. */
export function CharacterChoices({ detail, onRetry }: { detail: DetailState; onRetry: () => void }) {
  const p = detail.character?.passives;
  if (!detail.character) return <CharacterDataMissing detail={detail} onRetry={onRetry} />;
  return (
    <Card withBorder maw={480}>
      <Table data-testid="character-choices">
        <Table.Tbody>
          <Table.Tr><Table.Th>Bandit</Table.Th><Table.Td data-testid="character-bandit">{banditName(p?.banditChoice)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Major pantheon</Table.Th><Table.Td data-testid="character-major">{pantheonName(p?.majorPantheon)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Minor pantheon</Table.Th><Table.Td data-testid="character-minor">{pantheonName(p?.minorPantheon)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Passive points</Table.Th><Table.Td data-testid="character-passive-points">{characterPassives(detail.character).text}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** 'Build requested X, you chose Y' per choice, or 'Unable to compare without character data.' */
export function ChoicesCompare({ compare }: { compare: StepCompare | null }) {
  if (!compare) return <CompareUnavailable />;
  return (
    <Card withBorder maw={640}>
      <Table data-testid="choices-compare">
        <Table.Tbody>
          {compare.choices.map((c) => (
            <Table.Tr key={c.label}>
              <Table.Th>{c.label}</Table.Th>
              <Table.Td><Text size="sm" c={c.same ? undefined : "orange.4"} data-testid="choice-compare">{c.text}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
