import { readable } from "../../ui/contrast";
import { Badge, Box, Divider, HoverCard, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import type { ModLine, PlannerItem } from "@workers/planner/types";
import { DESKTOP_QUERY } from "../../app/theme";
import type { ItemsBundle } from "../../data/gameDataTypes";
import { catalystQualityLine, isTalisman } from "../../data/itemNames";
import { ItemArt } from "./ItemArt";

export const TOOLTIP_WIDTH = 240;

/** The game's rarity colours, lightened where needed for AA contrast on the dark cards. */
export const RARITY_COLOR: Record<string, string> = {
  Normal: readable("#c8c8c8"),
  Magic: readable("#8888ff"),
  Rare: readable("#ffff77"),
  Unique: readable("#af6025"),
  Relic: readable("#82ad6a"),
};

const INFLUENCE_COLOR: Record<string, string> = {
  Shaper: "blue", Elder: "grape", Crusader: "yellow", Hunter: "green", Redeemer: "cyan", Warlord: "orange",
  SearingExarch: "red", EaterOfWorlds: "indigo", Synthesis: "teal", Fracture: "gray",
};

function Mods({ mods, color, testId }: { mods: ModLine[]; color: string; testId: string }) {
  if (!mods.length) return null;
  return (
    <Stack gap={0} data-testid={testId}>
      {mods.map((m, i) => (
        <Text key={i} size="xs" ta="center" c={m.crafted ? "#b4b4ff" : m.fractured ? readable("#a29162") : color}>{m.text}</Text>
      ))}
    </Stack>
  );
}

/** The item tooltip: name by rarity, influences, properties, requirements and the mod groups. */
export function ItemDetails({ item }: { item: PlannerItem }) {
  const color = RARITY_COLOR[item.rarity] ?? RARITY_COLOR.Relic;
  const props: string[] = [];
  const catalystLine = item.catalyst && item.catalystQuality ? catalystQualityLine(item.catalyst, item.catalystQuality) : undefined;
  if (item.quality) props.push(`Quality: +${item.quality}%`);
  if (catalystLine) props.push(catalystLine);
  if (item.armour) props.push(`Armour: ${item.armour}`);
  if (item.evasion) props.push(`Evasion Rating: ${item.evasion}`);
  if (item.energyShield) props.push(`Energy Shield: ${item.energyShield}`);
  if (item.ward) props.push(`Ward: ${item.ward}`);
  const r = item.requirements;
  const reqs = [r.level && `Level ${r.level}`, r.str && `${r.str} Str`, r.dex && `${r.dex} Dex`, r.int && `${r.int} Int`].filter(Boolean);
  const sections = [
    props.length > 0 && <Stack gap={0} key="p">{props.map((p) => <Text key={p} size="xs" ta="center" c="dimmed">{p}</Text>)}</Stack>,
    reqs.length > 0 && <Text key="r" size="xs" ta="center" c="dimmed">Requires {reqs.join(", ")}</Text>,
    item.enchantMods.length > 0 && <Mods key="e" mods={item.enchantMods} color="#b4b4ff" testId="item-enchants" />,
    item.implicitMods.length > 0 && <Mods key="i" mods={item.implicitMods} color="#8888ff" testId="item-implicits" />,
    (item.explicitMods.length > 0 || item.craftedMods.length > 0 || item.fracturedMods.length > 0) && (
      <Stack key="x" gap={0}>
        <Mods mods={item.fracturedMods} color="#a29162" testId="item-fractured" />
        <Mods mods={item.explicitMods} color="#8888ff" testId="item-explicits" />
        <Mods mods={item.craftedMods} color="#b4b4ff" testId="item-crafted" />
      </Stack>
    ),
    (item.corrupted || item.mirrored || item.split) && (
      <Stack key="f" gap={0}>
        {item.corrupted && <Text size="xs" ta="center" c="red" fw={700}>Corrupted</Text>}
        {item.mirrored && <Text size="xs" ta="center" c="cyan">Mirrored</Text>}
        {item.split && <Text size="xs" ta="center" c="dimmed">Split</Text>}
      </Stack>
    ),
  ].filter(Boolean);
  return (
    <Stack gap={6} w={TOOLTIP_WIDTH - 24} data-testid="item-tooltip" data-rarity={item.rarity}>
      <Box ta="center">
        <Text fw={700} size="sm" c={color} data-testid="item-name">{item.name}</Text>
        {item.baseType && item.baseType !== item.name && <Text size="sm" c={color} data-testid="item-base">{item.baseType}</Text>}
        {isTalisman(item.baseType) && <Text size="xs" c="dimmed" data-testid="item-talisman">Talisman</Text>}
        {item.influences.length > 0 && (
          <Box mt={4}>{item.influences.map((inf) => <Badge key={inf} size="xs" mx={2} color={INFLUENCE_COLOR[inf] ?? "gray"}>{inf}</Badge>)}</Box>
        )}
        {item.itemLevel > 0 && <Text size="xs" c="dimmed">Item Level: {item.itemLevel}</Text>}
      </Box>
      {sections.map((s, i) => (
        <Stack key={i} gap={6}>
          <Divider color={color} opacity={0.4} />
          {s}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * A slot box: the item's art (a character item's own image, else its item class glyph), its name; hover
 * shows the tooltip on wide screens, a click on small ones.
 */
export function ItemSlot({ slot, label, item, area, testId = "item-slot", items = null }: { slot?: string; label: string; item?: PlannerItem; area?: string; testId?: string; items?: ItemsBundle | null }) {
  const desktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, { getInitialValueInEffect: false });
  const color = item ? RARITY_COLOR[item.rarity] ?? RARITY_COLOR.Relic : undefined;
  // The small screens' click-opened tooltip, held here so that Escape on the slot closes it too (Mantine's
  // Popover only hears Escape inside its dropdown, which takes no focus here).
  const [open, setOpen] = useState(false);
  const box = (
    <UnstyledButton
      onClick={() => setOpen((o) => !o)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
      data-testid={testId}
      data-slot={slot ?? label}
      data-empty={!item}
      style={{
        gridArea: area,
        border: `1px solid ${color ?? "var(--mantine-color-dark-4)"}`,
        borderRadius: 6,
        padding: 8,
        minHeight: 56,
        width: "100%",
        background: "var(--mantine-color-dark-7)",
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 6,
      }}
    >
      {item && <ItemArt item={item} slot={slot ?? label} bundle={items} />}
      <Box style={{ flex: "1 1 80px", minWidth: 0 }}>
        <Text size="10px" c="dimmed" tt="uppercase">{label}</Text>
        <Text size="sm" c={color ?? "dimmed"} lineClamp={2}>{item ? item.name : "Empty"}</Text>
      </Box>
    </UnstyledButton>
  );
  if (!item) return box;
  const dropdown = <ItemDetails item={item} />;
  return desktop ? (
    <HoverCard width={TOOLTIP_WIDTH} shadow="md" openDelay={80} withinPortal>
      <HoverCard.Target>{box}</HoverCard.Target>
      <HoverCard.Dropdown>{dropdown}</HoverCard.Dropdown>
    </HoverCard>
  ) : (
    <Popover width={TOOLTIP_WIDTH} shadow="md" withinPortal opened={open} onChange={setOpen}>
      <Popover.Target>{box}</Popover.Target>
      <Popover.Dropdown>{dropdown}</Popover.Dropdown>
    </Popover>
  );
}
