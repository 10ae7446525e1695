import { Badge, Group, List, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { useClassTable } from "../../data/useClassTable";
import { BuildEquipment } from "../build-view/EquipmentTab";
import type { StepSets } from "../build-view/stepView";
import { characterAsBuild } from "./characterView";
import { CharacterDataMissing, CompareUnavailable } from "./CharacterStatus";
import type { StepCompare } from "./compare";
import type { DetailState } from "./useCharacterDetail";

interface Props {
  build: PlannerBuild;
  sets: StepSets;
  detail: DetailState;
  compare: StepCompare | null;
  onRetry: () => void;
}

export function TrackerEquipment({ build, sets, detail, compare, onRetry }: Props) {
  return (
    <Tabs defaultValue="build" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="build" data-testid="equipment-build-tab">Build</Tabs.Tab>
        <Tabs.Tab value="character" data-testid="equipment-character-tab">Character</Tabs.Tab>
        <Tabs.Tab value="compare" data-testid="equipment-compare-tab">Compare</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="build" pt="md"><BuildEquipment build={build} sets={sets} /></Tabs.Panel>
      <Tabs.Panel value="character" pt="md"><CharacterEquipment detail={detail} onRetry={onRetry} /></Tabs.Panel>
      <Tabs.Panel value="compare" pt="md">{compare ? <GearCompare compare={compare} /> : <CompareUnavailable />}</Tabs.Panel>
    </Tabs>
  );
}

/** The character's gear in the build's paper-doll, or why it is missing. */
export function CharacterEquipment({ detail, onRetry }: { detail: DetailState; onRetry: () => void }) {
  const table = useClassTable();
  const mine = useMemo(() => (detail.character ? characterAsBuild(table, detail.character) : null), [table, detail.character]);
  if (!mine) return <CharacterDataMissing detail={detail} onRetry={onRetry} />;
  return <div data-testid="equipment-character"><BuildEquipment build={mine.build} sets={mine.sets} /></div>;
}

function GearCompare({ compare }: { compare: StepCompare }) {
  const off = compare.gear.filter((g) => g.issues.length);
  return (
    <Stack gap="lg" data-testid="gear-compare" data-differences={off.length}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr><Table.Th>Slot</Table.Th><Table.Th>Build</Table.Th><Table.Th>Character</Table.Th><Table.Th>Differences</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {compare.gear.map((g) => (
            <Table.Tr key={g.slot} data-testid="gear-compare-row" data-slot={g.slot}>
              <Table.Td>{g.slot}</Table.Td>
              <Table.Td>{g.build ? `${g.build.name} (${g.build.rarity})` : "—"}</Table.Td>
              <Table.Td>{g.character ? `${g.character.name} (${g.character.rarity})` : "—"}</Table.Td>
              <Table.Td>
                {g.issues.length ? g.issues.map((i) => <Text key={i} size="sm" c="orange.4">{i}</Text>) : <Badge color="green" variant="light">Matches</Badge>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h4">Gems and links</Title>
      <Stack gap="sm" data-testid="gem-compare">
        {compare.gems.map((g) => (
          <Stack key={g.slot} gap={2} data-testid="gem-compare-slot" data-slot={g.slot}>
            <Group gap="xs">
              <Text fw={600}>{g.slot}</Text>
              {g.haveLinks < g.wantLinks && <Badge color="orange" variant="light">{g.haveLinks} of {g.wantLinks} links</Badge>}
            </Group>
            <List size="sm" spacing={0}>
              {g.missing.length > 0 && <List.Item>Missing gems: {g.missing.join(", ")}</List.Item>}
              {g.extra.length > 0 && <List.Item>Not in build: {g.extra.join(", ")}</List.Item>}
              {g.lowLevel.map((x) => <List.Item key={`l${x.name}`}>{x.name}: level {x.level}, build wants {x.wantLevel}</List.Item>)}
              {g.lowQuality.map((x) => <List.Item key={`q${x.name}`}>{x.name}: quality {x.quality}%, build wants {x.wantQuality}%</List.Item>)}
              {!g.missing.length && !g.extra.length && !g.lowLevel.length && !g.lowQuality.length && g.haveLinks >= g.wantLinks && <List.Item>Matches the build</List.Item>}
            </List>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
