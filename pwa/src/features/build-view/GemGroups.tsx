import { Badge, Card, Group, HoverCard, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import type { PlannerGem } from "@workers/planner/types";
import type { GemsBundle } from "../../data/gameDataTypes";
import type { GemGroup } from "./stepView";
import { TOOLTIP_WIDTH } from "./ItemCard";
import { findGem } from "../../data/gemLookup";
import { cappedGem } from "../build-editor/approximateLevel";

/** The step's estimated character level; gems show the level such a character can use when it is lower. */
export interface GemCap {
  stepLevel: number;
}

/** "16 at level 62" when the step's level caps the gem; null otherwise. */
function capOf(gem: PlannerGem, bundle: GemsBundle | null, cap: GemCap | undefined) {
  if (!cap || !bundle) return null;
  const info = findGem(bundle, gem.gemId, gem.name)?.gem;
  return info ? cappedGem(gem.level, info.requiredLevel.slice(0, info.maxLevel), cap.stepLevel) : null;
}

function GemTooltip({ gem, bundle, cap }: { gem: PlannerGem; bundle: GemsBundle | null; cap?: GemCap }) {
  const info = bundle ? findGem(bundle, gem.gemId, gem.name)?.gem : undefined;
  const required = info?.requiredLevel[Math.min(gem.level, info.requiredLevel.length) - 1];
  return (
    <Stack gap={2} data-testid="gem-tooltip">
      <Text fw={700} size="sm" c={gem.isSupport ? "blue.3" : "teal.3"}>{gem.name}</Text>
      <Text size="xs" c="dimmed">{gem.isSupport ? "Support gem" : "Active skill gem"}</Text>
      <Text size="xs">Level: {gem.level}{info ? ` / ${info.maxLevel}` : ""}</Text>
      <Text size="xs">Quality: +{gem.quality}%</Text>
      {required !== undefined && <Text size="xs">Requires Level {required}</Text>}
      {capOf(gem, bundle, cap) && <Text size="xs" c="yellow.4">At this step's level {cap!.stepLevel}: gem level {capOf(gem, bundle, cap)!.capped}</Text>}
      {info?.vaal && <Text size="xs" c="red">Vaal gem</Text>}
      {(info && gem.level > info.maxLevel) || gem.quality > 20 ? <Text size="xs" c="orange">Over the usual limit</Text> : null}
    </Stack>
  );
}

export function GemGroups({ groups, bundle, cap }: { groups: GemGroup[]; bundle: GemsBundle | null; cap?: GemCap }) {
  if (!groups.length) return <Text c="dimmed">No gems in this skill set.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="gem-groups">
      {groups.map((g) => (
        <Card key={g.slot} withBorder padding="sm" data-testid="gem-group" data-slot={g.slot}>
          <Text size="xs" c="dimmed" tt="uppercase" mb={6}>{g.slot}</Text>
          <Stack gap={4}>
            {g.gems.map((gem, i) => (
              <HoverCard key={i} width={TOOLTIP_WIDTH} withinPortal openDelay={80}>
                <HoverCard.Target>
                  {/* A button, so the tooltip also opens from the keyboard (focus). */}
                  <UnstyledButton data-testid="gem" data-support={gem.isSupport} style={{ cursor: "default" }}>
                    <Group gap={6} wrap="nowrap">
                      <Badge size="xs" circle color={gem.isSupport ? "blue" : "teal"}>{gem.isSupport ? "S" : "A"}</Badge>
                      <Text size="sm" span data-testid="gem-name">{gem.name}</Text>
                      <Text size="xs" c="dimmed" span>{gem.level}/{gem.quality}</Text>
                      {capOf(gem, bundle, cap) && <Text size="xs" c="yellow.4" span data-testid="gem-capped">({capOf(gem, bundle, cap)!.text})</Text>}
                    </Group>
                  </UnstyledButton>
                </HoverCard.Target>
                <HoverCard.Dropdown><GemTooltip gem={gem} bundle={bundle} cap={cap} /></HoverCard.Dropdown>
              </HoverCard>
            ))}
            {g.hidden > 0 && <Text size="xs" c="dimmed">+{g.hidden} more</Text>}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
