import { Badge, Group, lighten, Radio, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import type { CompareStatus, SideLists } from "./sideLists";
import { nodeSideIcon, pathSideIcon, spriteStyle, type SideIcon } from "./sideIcons";
import { cssColour, COLOURS } from "./style";
import { useSideIconArt, useSheetsReady } from "./useSideIconArt";

const STATUS_COLOUR: Record<CompareStatus, string | undefined> = {
  single: undefined,
  same: "#e8c547",
  buildOnly: cssColour(COLOURS.missing),
  otherOnly: cssColour(COLOURS.notInBuild),
  wrongChoice: "#e8c547",
};

/** Inner size of the game's icon in the 64 px ring. */
const ICON_PX = 54;

/**
 * 64 px list icon with the hover popup: the game's icon from the tree's sprite sheet when the art has
 * it and its sheet has loaded, else a letter circle. Decorative (the name is the text beside it).
 */
function NodeIcon({ name, colour, label, icon, faded = false }: { name: string; colour: string; label: ReactNode; icon: SideIcon | null; faded?: boolean }) {
  return (
    <Tooltip label={label} multiline w={300} withinPortal>
      <div
        aria-hidden="true"
        data-testid="side-icon"
        data-art={icon ? "sprite" : "letters"}
        style={{
          width: 64, height: 64, flex: "0 0 64px", borderRadius: "50%", boxSizing: "border-box",
          border: `3px solid ${colour}`, background: icon ? "#0b0b0d" : "rgba(255,255,255,0.04)",
          display: "flex", alignItems: "center", justifyContent: "center", overflow: "hidden",
          fontWeight: 700, fontSize: 18, color: lighten(colour, 0.35), // AA contrast on the dark card
          // The game's icon fades; the letter circle shown until the art is in keeps its text at AA (faded, 4.26:1).
          opacity: faded && icon ? 0.6 : 1,
        }}
      >
        {icon ? (
          <div style={{ width: ICON_PX, height: ICON_PX, borderRadius: "50%", ...spriteStyle(icon, ICON_PX) }} />
        ) : (
          name.split(/\s+/).map((w) => w[0]).slice(0, 2).join("")
        )}
      </div>
    </Tooltip>
  );
}

function StatusBadge({ status }: { status: CompareStatus }) {
  if (status === "otherOnly") return <Badge color="red" variant="light" size="sm">Not part of the build</Badge>;
  if (status === "wrongChoice") return <Badge color="yellow" variant="light" size="sm">Wrong Choice</Badge>;
  return null;
}

function popup(name: string, stats: string[]) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">{name}</Text>
      {stats.map((s, i) => <Text key={i} size="xs">{s}</Text>)}
    </Stack>
  );
}

/** Keystones, Masteries (every effect, the chosen one marked) and Overrides. */
export function SideListsView({ lists, treeVersion }: { lists: SideLists; treeVersion: string }) {
  const art = useSideIconArt(treeVersion);
  const keystoneIcons = lists.keystones.map(({ node }) => (art ? nodeSideIcon(art, node) : null));
  const masteryIcons = lists.masteries.map(({ node }) => (art ? nodeSideIcon(art, node) : null));
  const overrideIcons = lists.overrides.map((o) => (art ? pathSideIcon(art, o.icon) : null));
  const all = [...keystoneIcons, ...masteryIcons, ...overrideIcons];
  const ready = useSheetsReady(all.flatMap((icon) => (icon ? [icon.file] : [])));
  const shown = (icon: SideIcon | null) => (icon && ready.has(icon.file) ? icon : null);
  return (
    <Stack gap="md" data-testid="tree-side-lists">
      <section data-testid="tree-keystones">
        <Title order={2} size="h5" mb={6}>Keystones</Title>
        {lists.keystones.length === 0 && <Text size="sm" c="dimmed">None</Text>}
        <Stack gap={6}>
          {lists.keystones.map(({ node, status }, i) => (
            // Only in the build: the icon faded and the name dimmed (a faded name fell under AA, 4.3:1).
            <Group key={node.id} gap="sm" wrap="nowrap" data-status={status}>
              <NodeIcon name={node.name} colour={STATUS_COLOUR[status] ?? cssColour(COLOURS.keystone)} label={popup(node.name, node.stats)} icon={shown(keystoneIcons[i])} faded={status === "buildOnly"} />
              <Stack gap={2}>
                <Text size="sm" fw={600} c={status === "buildOnly" ? "dimmed" : undefined}>{node.name}</Text>
                <StatusBadge status={status} />
              </Stack>
            </Group>
          ))}
        </Stack>
      </section>
      <section data-testid="tree-masteries">
        <Title order={2} size="h5" mb={6}>Masteries</Title>
        {lists.masteries.length === 0 && <Text size="sm" c="dimmed">None</Text>}
        <Stack gap="sm">
          {lists.masteries.map((m, i) => (
            <Group key={m.node.id} gap="sm" wrap="nowrap" align="flex-start" data-status={m.status}>
              <NodeIcon
                name={m.node.name}
                colour={STATUS_COLOUR[m.status] ?? cssColour(COLOURS.mastery)}
                label={popup(m.node.name, m.node.masteryEffects.find((e) => e.effect === (m.chosen ?? m.otherChosen))?.stats ?? [])}
                icon={shown(masteryIcons[i])}
              />
              <Stack gap={4}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>{m.node.name}</Text>
                  <StatusBadge status={m.status} />
                </Group>
                {m.effects.map((e) => {
                  const chosen = e.effect === m.chosen || (m.chosen === null && e.effect === m.otherChosen);
                  const otherPick = m.status === "wrongChoice" && e.effect === m.otherChosen;
                  return (
                    <Radio
                      key={e.effect}
                      size="xs"
                      readOnly
                      checked={chosen}
                      color={m.status === "single" ? "yellow" : m.status === "same" || m.status === "wrongChoice" ? "yellow" : m.status === "buildOnly" ? "green" : "red"}
                      data-chosen={chosen || undefined}
                      label={
                        <Text size="xs" c={chosen ? undefined : otherPick ? "red.4" : "dimmed"}>
                          {e.stats.join(" / ")}
                          {otherPick ? " (character)" : ""}
                        </Text>
                      }
                    />
                  );
                })}
              </Stack>
            </Group>
          ))}
        </Stack>
      </section>
      <section data-testid="tree-overrides">
        <Title order={2} size="h5" mb={6}>Overrides</Title>
        {lists.overrides.length === 0 && <Text size="sm" c="dimmed">None</Text>}
        <Stack gap={6}>
          {lists.overrides.map((o, i) => (
            <Group key={o.name} gap="sm" wrap="nowrap" data-status={o.status}>
              <NodeIcon name={o.name} colour={STATUS_COLOUR[o.status] ?? "#b58ad6"} label={popup(o.name, o.effectText)} icon={shown(overrideIcons[i])} faded={o.status === "buildOnly"} />
              <Stack gap={2}>
                <Group gap={6}>
                  <Text size="sm" fw={600} c={o.status === "buildOnly" ? "dimmed" : undefined}>{o.name}</Text>
                  {o.status !== "single" && o.have !== o.want && o.have > 0 && o.want > 0 ? (
                    <Badge size="sm" variant="outline">{o.have}/{o.want}</Badge>
                  ) : (
                    Math.max(o.want, o.have) > 1 && <Badge size="sm" variant="outline">x{Math.max(o.want, o.have)}</Badge>
                  )}
                </Group>
                <StatusBadge status={o.status} />
              </Stack>
            </Group>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}
