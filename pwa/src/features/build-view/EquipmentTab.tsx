import { ActionIcon, Box, Group, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useRef, useState, type ReactNode } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { DESKTOP_QUERY } from "../../app/theme";
import { IconChevronLeft, IconChevronRight } from "../../ui/icons";
import { ItemSlot } from "./ItemCard";
import { GemGroups, type GemCap } from "./GemGroups";
import { dollSlots, flaskSlots, gemGroups, socketedJewels, swipeStep, type StepSets } from "./stepView";
import { useGemsBundle, useItemsBundle } from "./useGems";

const DOLL_AREAS = `"w1 helm w2" "w1 body w2" "ring1 amulet ring2" "gloves belt boots"`;

/**
 * `character`: what the Character tab shows (the character's paper-doll, or a prompt to choose one).
 * `gemCap`: the step's estimated level, to which the gems' levels are capped where shown.
 */
export function EquipmentTab({ build, sets, character, gemCap }: { build: PlannerBuild; sets: StepSets; character?: ReactNode; gemCap?: GemCap }) {
  return (
    <Tabs defaultValue="build" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="build" data-testid="equipment-build-tab">Build</Tabs.Tab>
        <Tabs.Tab value="character" data-testid="equipment-character-tab">Character</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="build" pt="md"><BuildEquipment build={build} sets={sets} gemCap={gemCap} /></Tabs.Panel>
      <Tabs.Panel value="character" pt="md">
        {character ?? <Text c="dimmed" data-testid="character-equipment-empty">Attach this build to a character to compare its equipment.</Text>}
      </Tabs.Panel>
    </Tabs>
  );
}

export function BuildEquipment({ build, sets, gemCap }: { build: PlannerBuild; sets: StepSets; gemCap?: GemCap }) {
  const desktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, { getInitialValueInEffect: false });
  const bundle = useGemsBundle();
  const items = useItemsBundle();
  const slots = dollSlots(build, sets.itemSet);
  const flasks = flaskSlots(build, sets.itemSet);
  const jewels = socketedJewels(build, sets.itemSet, sets.tree);
  const groups = gemGroups(sets.skillSet);

  const flaskRow = (
    <Box data-testid="flasks">
      <Title order={2} size="h5" mb={6}>Flasks</Title>
      <SimpleGrid cols={5} spacing={6}>
        {flasks.map((f) => <ItemSlot key={f.slot} slot={f.slot} label={f.label} item={f.item} testId="flask-slot" items={items} />)}
      </SimpleGrid>
    </Box>
  );
  const jewelGrid = (
    <Box data-testid="jewels">
      <Title order={2} size="h5" mb={6}>Socketables</Title>
      {jewels.length ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={6}>
          {jewels.map((j) => <ItemSlot key={j.slot} slot={j.slot} label="Jewel" item={j.item} testId="jewel-slot" items={items} />)}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">No socketed jewels.</Text>
      )}
    </Box>
  );

  return (
    <Stack gap="lg" data-testid="equipment-build">
      {desktop ? (
        <>
          <Box data-testid="paper-doll" style={{ display: "grid", gridTemplateAreas: DOLL_AREAS, gridTemplateColumns: "repeat(3, minmax(0, 200px))", gap: 8 }}>
            {slots.map((s) => <ItemSlot key={s.slot} slot={s.slot} label={s.label} item={s.item} area={s.area} items={items} />)}
          </Box>
          {flaskRow}
          {jewelGrid}
        </>
      ) : (
        <Carousel
          slides={[
            ...slots.map((s) => ({ key: s.slot, node: <ItemSlot slot={s.slot} label={s.label} item={s.item} items={items} /> })),
            { key: "flasks", node: flaskRow },
            { key: "socketables", node: jewelGrid },
          ]}
        />
      )}
      <Box>
        <Title order={2} size="h4" mb="sm">Skills</Title>
        <GemGroups groups={groups} bundle={bundle} cap={gemCap} />
      </Box>
    </Stack>
  );
}

/** Small screens: one slide at a time; a swipe of 30 px or more moves, as do the arrows. */
function Carousel({ slides }: { slides: { key: string; node: React.ReactNode }[] }) {
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const go = (d: number) => setIndex((i) => Math.min(slides.length - 1, Math.max(0, i + d)));
  return (
    <Stack gap={6} data-testid="equipment-carousel" data-index={index}>
      <Group wrap="nowrap" gap="xs">
        <ActionIcon variant="subtle" onClick={() => go(-1)} disabled={index === 0} aria-label="Previous slot"><IconChevronLeft /></ActionIcon>
        <Box
          style={{ flex: 1, touchAction: "pan-y", minWidth: 0 }}
          onPointerDown={(e) => (start.current = e.clientX)}
          onPointerUp={(e) => {
            if (start.current !== null) go(swipeStep(e.clientX - start.current));
            start.current = null;
          }}
          data-testid="carousel-slide"
          data-key={slides[index]?.key}
        >
          {slides[index]?.node}
        </Box>
        <ActionIcon variant="subtle" onClick={() => go(1)} disabled={index >= slides.length - 1} aria-label="Next slot"><IconChevronRight /></ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" ta="center">{index + 1} / {slides.length}</Text>
    </Stack>
  );
}
