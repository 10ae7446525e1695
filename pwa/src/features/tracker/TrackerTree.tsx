/**
 * Skill Tree with a linked character: Build (green), Character (blue) and
 * Compare (orange), the compare legend and counts, and the next passives to
 * take as a numbered list beside the tree, the chosen path drawn as 'Pathing'.
 */
import { Alert, Badge, Box, Button, Group, List, Stack, Tabs, Text, Title, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useMemo, useState } from "react";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import { usePreparedTreeGpu } from "../../tree/prepare";
import { TreeDrawGuard, TreeWaiting } from "../../tree/TreeDrawGuard";
import { TreeError } from "../../tree/TreeError";
import { PageLoader } from "../../ui/PageLoader";
import { respecRows, type NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import type { JewelPlacement } from "./characterJewels";
import { CharacterDataMissing, CompareUnavailable } from "./CharacterStatus";
import { characterGear } from "./characterView";
import { tattooLine, type ClassMismatch, type TreeCompare } from "./compare";
import { differentJewels } from "./compareClusters";
import type { DetailState } from "./useCharacterDetail";
import type { StepCompareState } from "./useStepCompare";

const PassiveTreeView = lazy(() => import("../../tree/PassiveTreeView"));

interface Props {
  tree?: PlannerTree;
  /** The build's items, for the tooltips of the jewels socketed in its tree. */
  buildItems?: PlannerBuild["items"];
  character: TreeAllocation | null;
  /** The character as the Compare tab draws it (its cluster rings matched against the step's); `character` when absent. */
  compareCharacter?: TreeAllocation | null;
  /** Where the character's jewels sit; the ones this tree version lacks are listed under its tree. */
  jewels?: JewelPlacement | null;
  defaultTab?: "build" | "character" | "compare";
  detail: DetailState;
  compare: TreeCompare | null;
  /** The character's class differs from the build's: the Compare tab says so instead of counting. */
  mismatch?: ClassMismatch | null;
  /** The step's tree the compare is made on (useStepCompare): loading, or why it failed. */
  treeLoad?: StepCompareState["treeLoad"];
  onRetryTree?: () => void;
  next: NextPassives | null;
  onRetry: () => void;
}

type TreeTab = "build" | "character" | "compare";

const Swatch = ({ color }: { color: string }) => <Box component="span" w={12} h={12} bg={color} style={{ borderRadius: 12, display: "inline-block" }} aria-hidden />;

export function TrackerTree({ tree, buildItems, character, compareCharacter, jewels, defaultTab = "compare", detail, compare, mismatch, treeLoad, onRetryTree, next, onRetry }: Props) {
  const wide = useMediaQuery("(min-width: 62em)", true);
  const [path, setPath] = useState(0);
  const [tab, setTab] = useState<TreeTab>(defaultTab);
  const mine = detail.character;
  const charItems = useMemo(() => (mine ? characterGear(mine).items : {}), [mine]);
  const bothItems = useMemo(() => ({ ...buildItems, ...charItems }), [buildItems, charItems]);
  // The GPU side gets ready while the renderer's chunk and the tree data load, once per mount.
  usePreparedTreeGpu(!!tree);
  if (!tree) return <Text c="gray.5" data-testid="skill-tree-missing">This step has no passive tree.</Text>;
  // Every tree here ends drawn or in an error with 'Try again', its lazy chunk included (TreeDrawGuard).
  const view = (props: Parameters<typeof PassiveTreeView>[0]) => (
    <TreeDrawGuard>
      <Suspense fallback={<PageLoader label="Loading passive tree" />}>
        <PassiveTreeView height="60vh" {...props} />
      </Suspense>
    </TreeDrawGuard>
  );
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as TreeTab)} keepMounted={false} data-testid="tracker-tree">
      <Tabs.List>
        <Tabs.Tab value="build" color="green" data-testid="tree-build-tab">Build</Tabs.Tab>
        <Tabs.Tab value="character" color="blue" data-testid="tree-character-tab">Character</Tabs.Tab>
        <Tabs.Tab value="compare" color="orange" data-testid="tree-compare-tab">Compare</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="build" pt="md">{view({ build: tree, jewelItems: buildItems })}</Tabs.Panel>
      <Tabs.Panel value="character" pt="md">
        {character ? (
          <Stack gap="xs" data-testid="character-tree" data-nodes={character.nodes.length} data-jewels={Object.keys(character.jewels ?? {}).length} data-cluster-passives={character.clusterPassives ?? 0}>
            {view({ build: character, jewelItems: charItems })}
            {jewels && <UnplacedJewels jewels={jewels} />}
          </Stack>
        ) : (
          <CharacterDataMissing detail={detail} onRetry={onRetry} />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="compare" pt="md">
        {character && mismatch ? (
          <ClassMismatchNotice mismatch={mismatch} onShowCharacter={() => setTab("character")} />
        ) : character && treeLoad?.status === "error" ? (
          <TreeError reason={treeLoad.message} onRetry={onRetryTree} />
        ) : character && !compare && treeLoad?.status === "loading" ? (
          <TreeDrawGuard onRetry={onRetryTree}><TreeWaiting /></TreeDrawGuard>
        ) : character && compare ? (
          <Stack gap="sm">
            <Group gap="lg" data-testid="tree-compare-legend">
              <Group gap={6}><Swatch color="var(--mantine-color-green-6)" /><Text size="sm">missing on character</Text><Badge color="green" variant="light" data-testid="count-missing">{compare.missing.length}</Badge></Group>
              <Group gap={6}><Swatch color="var(--mantine-color-red-6)" /><Text size="sm">not in build</Text><Badge color="red" variant="light" data-testid="count-extra">{compare.extra.length}</Badge></Group>
              <Group gap={6}><Swatch color="var(--mantine-color-yellow-5)" /><Text size="sm">on both</Text><Badge color="yellow" variant="light" data-testid="count-both">{compare.both}</Badge></Group>
            </Group>
            <Box style={{ display: "flex", flexDirection: wide ? "row" : "column", gap: 16 }}>
              <Box style={{ flex: "1 1 70%", minWidth: 0 }}>{view({ build: tree, other: compareCharacter ?? character, pathing: next?.paths[path]?.nodes, jewelItems: bothItems })}</Box>
              <Box style={{ flex: "0 0 30%", minWidth: 0 }}>
                <NextPassivesList next={next} active={path} onPick={setPath} />
              </Box>
            </Box>
            <CompareLists compare={compare} />
          </Stack>
        ) : (
          <CompareUnavailable />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

/** A character of another class: no counts and no respec (every passive would be one), its own tree offered instead. */
function ClassMismatchNotice({ mismatch, onShowCharacter }: { mismatch: ClassMismatch; onShowCharacter: () => void }) {
  return (
    <Alert color="orange" variant="light" data-testid="class-mismatch" data-character-class={mismatch.characterClass} data-build-class={mismatch.buildClass}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600} data-testid="class-mismatch-text">{mismatch.text}</Text>
        <Text size="sm" c="gray.4">The passive trees of two classes are not compared.</Text>
        <Button size="xs" variant="light" onClick={onShowCharacter}>Show the character's tree</Button>
      </Stack>
    </Alert>
  );
}

/** The cluster notables the character took (named on its tree's rings), and jewels this tree version lacks. */
function UnplacedJewels({ jewels }: { jewels: JewelPlacement }) {
  const notables = jewels.clusterNotables ?? [];
  if (!jewels.unplaced.length && !notables.length) return null;
  return (
    <Stack gap={2}>
      {notables.length > 0 && (
        <Text size="sm" c="gray.4" data-testid="character-cluster-notables">Cluster jewel notables: {notables.join(", ")}</Text>
      )}
      {jewels.unplaced.length > 0 && (
        <Text size="sm" c="gray.5" data-testid="character-unplaced-jewels">Not on this tree version: {jewels.unplaced.map((j) => j.name).join(", ")}</Text>
      )}
    </Stack>
  );
}

function NextPassivesList({ next, active, onPick }: { next: NextPassives | null; active: number; onPick: (i: number) => void }) {
  if (!next) return <PageLoader label="Finding the next passives" />;
  return (
    <Stack gap="xs" data-testid="next-passives" data-paths={next.paths.length} data-total={next.total} data-respecs={next.respecs.length}>
      <Title order={3} size="h4">Next passives</Title>
      {next.paths.length ? (
        <>
          <Text size="sm" c="gray.5">{next.total} points in {next.paths.length} steps, fewest points first.</Text>
          <Box component="ol" m={0} pl="xl" style={{ maxHeight: 360, overflowY: "auto" }} tabIndex={0} aria-label="Next passives in order">
            {next.paths.map((p, i) => (
              <li key={p.nodes.join(",")} data-testid="next-passive">
                <UnstyledButton onClick={() => onPick(i)} aria-pressed={i === active} style={{ fontWeight: i === active ? 700 : 400 }}>
                  <Text size="sm" span>{p.target.name || "Passive"}</Text>{" "}
                  <Text size="xs" c="gray.5" span>
                    {p.cost} {p.cost === 1 ? "point" : "points"}
                    {p.named.filter((n) => n.id !== p.target.id).length ? `, via ${p.named.filter((n) => n.id !== p.target.id).map((n) => n.name).join(", ")}` : ""}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Box>
        </>
      ) : (
        <Text size="sm" data-testid="next-passives-done">The character has every passive of this step.</Text>
      )}
      {next.unreachable.length > 0 && <Text size="xs" c="gray.5">{next.unreachable.length} passives of the step cannot be reached on this tree version.</Text>}
      {next.respecs.length > 0 && (
        <Stack gap={2} data-testid="respecs">
          <Title order={4} size="h5">Respec ({next.refundTotal} refund {next.refundTotal === 1 ? "point" : "points"})</Title>
          <List size="sm" spacing={0} style={{ maxHeight: 200, overflowY: "auto" }} tabIndex={0} aria-label="Passives to refund">
            {respecRows(next.respecs).map((r) => (
              <List.Item key={r.id} data-testid="respec">{r.count > 1 ? `${r.name} ×${r.count}` : r.name} ({r.refund})</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

function CompareLists({ compare }: { compare: TreeCompare }) {
  const effect = (m: { node: { masteryEffects: { effect: number; stats: string[] }[] } }, id: number | null) =>
    m.node.masteryEffects.find((e) => e.effect === id)?.stats.join(" ") ?? "—";
  return (
    <Group align="flex-start" gap="xl" data-testid="tree-compare-lists">
      <Stack gap={2}>
        <Title order={4} size="h5">Keystones the character lacks</Title>
        {compare.missingKeystones.length ? compare.missingKeystones.map((n) => <Text key={n.id} size="sm" c="green.4">{n.name}</Text>) : <Text size="sm" c="gray.5">None</Text>}
        {compare.extraKeystones.map((n) => <Text key={n.id} size="sm" c="red.4">{n.name} (not in build)</Text>)}
      </Stack>
      <ClusterLists compare={compare} />
      <TattooLists compare={compare} />
      <Stack gap={2}>
        <Title order={4} size="h5">Masteries</Title>
        {compare.missingMasteries.map((m) => <Text key={m.node.id} size="sm" c="green.4">{m.node.name}: {effect(m, m.want)}</Text>)}
        {compare.wrongMasteries.map((m) => (
          <Text key={m.node.id} size="sm" c="yellow.5" data-testid="wrong-mastery">Wrong Choice: {m.node.name}: build {effect(m, m.want)}, character {effect(m, m.have)}</Text>
        ))}
        {compare.extraMasteries.map((m) => <Text key={m.node.id} size="sm" c="red.4">Not part of the build: {m.node.name}</Text>)}
        {!compare.missingMasteries.length && !compare.wrongMasteries.length && !compare.extraMasteries.length && <Text size="sm" c="gray.5">Same as the build</Text>}
      </Stack>
    </Group>
  );
}

const TATTOO_COLOUR = { both: "yellow.5", build: "green.4", character: "red.4", differs: "orange.4" } as const;

/** Tattoos by name on either side, and the step's passives the character tattooed without taking them. */
function TattooLists({ compare }: { compare: TreeCompare }) {
  if (!compare.tattoos.length && !compare.tattooedMissing.length) return null;
  return (
    <Stack gap={2} data-testid="tattoo-compare">
      <Title order={4} size="h5">Tattoos</Title>
      {compare.tattoos.map((t) => {
        const line = tattooLine(t);
        return <Text key={t.name} size="sm" c={TATTOO_COLOUR[line.side]} data-testid="tattoo-line" data-side={line.side}>{line.text}</Text>;
      })}
      {compare.tattooedMissing.length > 0 && (
        <Text size="sm" c="gray.4" data-testid="tattooed-missing">
          Tattooed but not allocated (the build takes them): {compare.tattooedMissing.map((n) => n.name || `Passive ${n.id}`).join(", ")}
        </Text>
      )}
    </Stack>
  );
}

/** Cluster jewel notables on either side only, and the sockets where the two hold different jewels. */
function ClusterLists({ compare }: { compare: TreeCompare }) {
  const different = compare.clusters ? differentJewels(compare.clusters.rings) : [];
  if (!compare.missingClusterNotables.length && !compare.extraClusterNotables.length && !different.length) return null;
  const names = (nodes: { name: string }[]) => nodes.map((n) => n.name).join(", ") || "nothing";
  return (
    <Stack gap={2} data-testid="cluster-compare">
      <Title order={4} size="h5">Cluster jewel notables</Title>
      {compare.missingClusterNotables.map((n) => <Text key={`m${n.id}`} size="sm" c="green.4">{n.name}</Text>)}
      {compare.extraClusterNotables.map((n) => <Text key={`x${n.id}`} size="sm" c="red.4">{n.name} (not in build)</Text>)}
      {different.map((r) => (
        <Text key={r.socket} size="sm" c="yellow.5" data-testid="different-cluster-jewel">
          Different cluster jewel: build takes {names(r.build)}; yours has {names(r.character)} (refunded when the jewel is swapped)
        </Text>
      ))}
    </Stack>
  );
}
