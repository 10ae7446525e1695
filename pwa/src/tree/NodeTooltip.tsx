import { Badge, Paper, Stack, Text } from "@mantine/core";
import type { TreeNode } from "./model";
import { tooltipText, type TooltipOverride } from "./tooltipText";
import type { JewelItem } from "./types";

const RARITY_COLOUR: Record<string, string> = { Normal: "gray.3", Magic: "blue.4", Rare: "yellow.4", Unique: "orange.6", Relic: "teal.4" };

/** Item-style tooltip for a socketed jewel: name, base, item level, requirements, mods, 'Corrupted'. */
function JewelDetails({ item }: { item: JewelItem }) {
  const { level, str, dex, int } = item.requirements;
  const reqs = [
    level > 0 && `Level ${level}`,
    str > 0 && `${str} Str`,
    dex > 0 && `${dex} Dex`,
    int > 0 && `${int} Int`,
  ].filter(Boolean);
  const mods = (list: { text: string }[], colour: string, label: string) =>
    list.length > 0 && (
      <Stack gap={0} aria-label={label}>
        {list.map((m, i) => <Text key={i} size="xs" c={colour}>{m.text}</Text>)}
      </Stack>
    );
  return (
    <Stack gap={4} data-testid="tree-jewel-tooltip">
      <Text fw={700} size="sm" c={RARITY_COLOUR[item.rarity] ?? undefined}>{item.name}</Text>
      {item.baseType && item.baseType !== item.name && <Text size="xs" c={RARITY_COLOUR[item.rarity] ?? undefined}>{item.baseType}</Text>}
      <Text size="xs" c="dimmed">Item Level: {item.itemLevel}</Text>
      <Text size="xs" c="dimmed">{reqs.length ? `Requires ${reqs.join(", ")}` : "No Requirements"}</Text>
      {mods(item.enchantMods, "cyan.3", "Enchants")}
      {mods(item.implicitMods, "blue.2", "Implicits")}
      {mods(item.explicitMods, "blue.4", "Explicits")}
      {item.corrupted && <Text size="xs" c="red.6">Corrupted</Text>}
    </Stack>
  );
}

/** Canvas tooltip: name, stats, flavour, reminder and the 'Desired' marker; a tattoo's name and stats on a tattooed node. */
export function NodeTooltip({
  node,
  x,
  y,
  desired,
  chosenEffect,
  jewel,
  override,
  frame,
}: {
  node: TreeNode;
  x: number;
  y: number;
  /** Canvas size; the tooltip flips to the other side of the node near the right and bottom edges. */
  frame: { width: number; height: number };
  desired: boolean;
  chosenEffect: number | null;
  jewel?: JewelItem | null;
  /** The tattoo that replaces the node on the drawn allocation (tooltipText.ts). */
  override?: TooltipOverride | null;
}) {
  const t = tooltipText(node, chosenEffect, override);
  return (
    <Paper
      data-testid="tree-tooltip"
      shadow="md"
      p="xs"
      withBorder
      style={{
        position: "absolute",
        ...(x + 16 + 340 > frame.width ? { right: frame.width - x + 16 } : { left: x + 16 }),
        ...(y > frame.height * 0.6 ? { bottom: frame.height - y + 16 } : { top: y + 16 }),
        maxWidth: 340,
        pointerEvents: "none",
        zIndex: 3,
      }}
    >
      {jewel ? <JewelDetails item={jewel} /> : <Stack gap={4} data-tattoo={t.replaces !== null || undefined}>
        <Text fw={700} size="sm" data-testid="tree-tooltip-name">{t.name}</Text>
        {desired && <Badge size="xs" color="cyan" w="fit-content">Desired</Badge>}
        {t.stats.map((s, i) => (
          <Text key={i} size="xs" style={{ whiteSpace: "pre-line" }}>{s}</Text>
        ))}
        {t.effectCount !== null && <Text size="xs" c="dimmed">{t.effectCount} effects</Text>}
        {t.flavour.length > 0 && (
          <Text size="xs" fs="italic" c="orange.3" style={{ whiteSpace: "pre-line" }}>{t.flavour.join("\n")}</Text>
        )}
        {t.reminder.map((s, i) => (
          <Text key={i} size="xs" c="dimmed">{s}</Text>
        ))}
        {t.replaces && <Text size="xs" c="dimmed" data-testid="tree-tooltip-replaces">Replaces {t.replaces}</Text>}
      </Stack>}
    </Paper>
  );
}
