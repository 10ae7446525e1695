import { Card, Divider, Group, HoverCard, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import type { PlannerGem } from "@workers/planner/types";
import type { GemsBundle } from "../../data/gameDataTypes";
import type { GemGroup } from "./stepView";
import { TOOLTIP_WIDTH } from "./ItemCard";
import { findGem } from "../../data/gemLookup";
import { cappedGem } from "../build-editor/approximateLevel";
import { GEM_KIND_LABEL, gemKind, gemTooltipText } from "../../data/gemText";
import { GemIcon } from "./GemIcon";

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
  const capped = capOf(gem, bundle, cap);
  // The text at the level the step allows when its level caps the gem.
  const level = capped ? capped.capped : gem.level;
  const text = bundle && info ? gemTooltipText(bundle, info, level, gem.quality) : null;
  const kind = info ? gemKind(info) : gem.isSupport ? "support" : "active";
  return (
    <Stack gap={2} data-testid="gem-tooltip">
      <Group gap={6} wrap="nowrap">
        <GemIcon kind={kind} attribute={info?.attribute ?? "none"} size={18} />
        <Text fw={700} size="sm" c={gem.isSupport ? "blue.3" : "teal.3"}>{gem.name}</Text>
      </Group>
      {text?.tags && <Text size="xs" c="dimmed" data-testid="gem-tags">{text.tags}</Text>}
      <Text size="xs" c="dimmed">{GEM_KIND_LABEL[kind]}</Text>
      <Text size="xs">Level: {gem.level}{info ? ` / ${info.maxLevel}` : ""}</Text>
      <Text size="xs">Quality: +{gem.quality}%</Text>
      {text?.header.map((line, i) => <Text key={`h${i}`} size="xs" data-testid="gem-header-line">{line}</Text>)}
      {required !== undefined && <Text size="xs">Requires Level {required}</Text>}
      {capped && <Text size="xs" c="yellow.4">At this step's level {cap!.stepLevel}: gem level {capped.capped}</Text>}
      {text && text.stats.length > 0 && (
        <>
          <Divider my={2} />
          {text.stats.map((line, i) => <Text key={`s${i}`} size="xs" c="blue.2" data-testid="gem-stat-line">{line}</Text>)}
        </>
      )}
      {text && text.quality.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mt={2}>Additional Effects From Quality (at 20%):</Text>
          {text.quality.map((line, i) => <Text key={`q${i}`} size="xs" c="blue.2" data-testid="gem-quality-line">{line}</Text>)}
        </>
      )}
      {text?.basedOn && <Text size="xs" c="dimmed" data-testid="gem-based-on">Numbers of {text.basedOn}: our 3.25 game data has none for the transfigured gem.</Text>}
      {text?.missing && <Text size="xs" c="dimmed">No stat text: this gem is newer than our 3.25 game data.</Text>}
      {(info && gem.level > info.maxLevel) || gem.quality > 20 ? <Text size="xs" c="orange">Over the usual limit</Text> : null}
    </Stack>
  );
}

function GemIconOf({ gem, bundle }: { gem: PlannerGem; bundle: GemsBundle | null }) {
  const info = bundle ? findGem(bundle, gem.gemId, gem.name)?.gem : undefined;
  return <GemIcon kind={info ? gemKind(info) : gem.isSupport ? "support" : "active"} attribute={info?.attribute ?? "none"} />;
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
                  <UnstyledButton data-testid="gem" data-support={gem.isSupport} data-granted={g.granted ?? false} style={{ cursor: "default" }}>
                    <Group gap={6} wrap="nowrap">
                      <GemIconOf gem={gem} bundle={bundle} />
                      <Text size="sm" span data-testid="gem-name">{gem.name}</Text>
                      {/* A granted skill has a level and no quality of its own. */}
                      <Text size="xs" c="dimmed" span>{g.granted ? `Level ${gem.level}` : `${gem.level}/${gem.quality}`}</Text>
                      {!g.granted && capOf(gem, bundle, cap) && <Text size="xs" c="yellow.4" span data-testid="gem-capped">({capOf(gem, bundle, cap)!.text})</Text>}
                    </Group>
                  </UnstyledButton>
                </HoverCard.Target>
                <HoverCard.Dropdown><GemTooltip gem={gem} bundle={bundle} cap={g.granted ? undefined : cap} /></HoverCard.Dropdown>
              </HoverCard>
            ))}
            {g.hidden > 0 && <Text size="xs" c="dimmed">+{g.hidden} more</Text>}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
