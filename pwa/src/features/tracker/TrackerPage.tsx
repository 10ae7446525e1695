/**
 * /build/track (spec §2 Build Tracker): logged out, the login-or-create view;
 * no character, the picker; no build, the chooser; loaded, the step selector
 * and the sections, as tabs under 1200 px or one page under a contents rail.
 */
import { TrackerRevision } from "../follow/TrackerRevision";
import { Badge, Box, Button, Group, LoadingOverlay, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useInterval, useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { DESKTOP_QUERY, LAYOUT } from "../../app/theme";
import { baseClassOf, buildTitle, classBadge, classColor } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import { ClassIcon } from "../../ui/ClassIcon";
import { StepNavigator } from "../../ui/StepNavigator";
import { TOC_GAP } from "../build-editor/toc";
import { NotesTab } from "../build-view/NotesTab";
import { SettingsTab } from "../build-view/SettingsTab";
import { stepSets } from "../build-view/stepView";
import { estimateStepLevel } from "../build-editor/approximateLevel";
import { useLevelData } from "../build-editor/useLevelData";
import { stepForLevel } from "./stepForLevel";
import { CampaignGuide } from "../guide/CampaignGuide";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { BuildChooser } from "./BuildChooser";
import { ChangeBuildDialog } from "../build-editor/ChangeBuildDialog";
import { loadErrorFor, type LoadError } from "../build-editor/loader";
import { loadBuild } from "../../data/builds";
import { getDb } from "../../data/db";
import { readTrackerImport } from "./trackerImport";
import { CharacterPicker } from "./CharacterPicker";
import { LogLevel } from "./LogLevel";
import { OnePage, type TrackerSection } from "./OnePage";
import { OVERLAY_TIMEOUT_MS, TIME_AGO_TICK_MS, updatedLabel } from "./timing";
import { TrackerChoices } from "./TrackerChoices";
import { TrackerEquipment } from "./TrackerEquipment";
import { TrackerTree } from "./TrackerTree";
import { useCharacters, useSelectedCharacter } from "./useCharacters";
import { useStepCompare } from "./useStepCompare";
import { classMismatch, useTracker, type TrackerState } from "./useTracker";

/** Section headings land the second sticky offset plus the table of contents' gap below the top (spec §9). */
const TOC_OFFSET_PX = LAYOUT.stickySecondPx + TOC_GAP;

export default function TrackerPage() {
  const { identity, realm } = useSession();
  if (!identity) return <LoggedOut />;
  return <Tracker realm={realm} />;
}

function LoggedOut() {
  return (
    <Stack maw={560} gap="md" data-testid="tracker-logged-out">
      <Title order={1} size="h2">Build Tracker</Title>
      <Text>Log in or create an account to track your character against a build: gear, gems, passives and choices, step by step.</Text>
      <Group><Button onClick={loginDialog.open} data-testid="tracker-login">Log in or create an account</Button></Group>
    </Stack>
  );
}

function Tracker({ realm }: { realm: Parameters<typeof useCharacters>[0] }) {
  const table = useClassTable();
  const chars = useCharacters(realm);
  const { summary, selectedId, select } = useSelectedCharacter(chars);
  const tracker = useTracker(table, realm, summary);

  return (
    <Stack gap="md" data-testid="tracker" data-character={summary?.name ?? ""}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">Build Tracker</Title>
        {summary && <RefreshButton tracker={tracker} />}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Box maw={420} style={{ flex: "1 1 260px" }}>
          <CharacterPicker chars={chars} value={selectedId} onChange={select} label={summary ? "Character" : "Please select a character"} />
        </Box>
        {summary && <LogLevel name={summary.name} />}
      </Group>
      {summary && <Body tracker={tracker} characterId={summary.id} characterClass={summary.class} />}
    </Stack>
  );
}

function RefreshButton({ tracker }: { tracker: TrackerState }) {
  const wide = useMediaQuery(DESKTOP_QUERY, true);
  const [now, setNow] = useState(Date.now());
  // On wide screens the label refreshes every 30 base intervals.
  // Mantine's start and stop are stable; the object holding them is new on every render, and an
  // effect on it restarted the interval at every render, so a busy page never saw a tick.
  const { start, stop } = useInterval(() => setNow(Date.now()), TIME_AGO_TICK_MS);
  useEffect(() => {
    if (wide) start();
    return stop;
  }, [wide, start, stop]);
  useEffect(() => setNow(Date.now()), [tracker.detail.savedAt]);
  return (
    <Group gap="xs">
      {tracker.detail.fromCache && <Badge color="orange" variant="filled" data-testid="tracker-offline">Offline</Badge>}
      <Button variant="light" onClick={tracker.refresh} disabled={tracker.refreshing} loading={tracker.detail.loading} data-testid="tracker-refresh" aria-label={`Refresh character data, ${updatedLabel(tracker.detail.savedAt, now)}`}>
        {updatedLabel(tracker.detail.savedAt, now)}
      </Button>
    </Group>
  );
}

function Body({ tracker, characterId, characterClass }: { tracker: TrackerState; characterId: string; characterClass: string }) {
  const table = useClassTable();
  const { build, detail } = tracker;
  if (build === undefined) return <TrackerSkeleton />;
  if (build === null) return <BuildChooser baseClass={baseClassOf(table, characterClass) ?? characterClass} characterClass={characterClass} onChoose={tracker.attach} />;
  return <Loaded tracker={tracker} characterId={characterId} characterClass={characterClass} key={build.info.buildId} detailLoading={detail.loading || tracker.switching} />;
}

export function TrackerSkeleton() {
  return (
    <Stack gap="sm" data-testid="tracker-skeleton" aria-busy="true" aria-label="Loading the tracked build">
      <Skeleton h={28} w="40%" />
      <Skeleton h={48} />
      <Skeleton h={320} />
    </Stack>
  );
}

function Loaded({ tracker, characterId, characterClass, detailLoading }: { tracker: TrackerState; characterId: string; characterClass: string; detailLoading: boolean }) {
  const { info, planner } = tracker.build!;
  const wide = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, { getInitialValueInEffect: false });
  // Until the player picks a step, the tracker follows the character's level (stepForLevel), also as it
  // levels up between refreshes; without a level, the last step, as the build view opens.
  const [picked, setPicked] = useState<number | null>(null);
  const levelData = useLevelData(planner.trees[0]?.treeVersion);
  const stepLevels = useMemo(() => info.steps.map((s) => estimateStepLevel(planner, s, levelData).level), [info.steps, planner, levelData]);
  const character = tracker.detail.character;
  const forLevel = stepForLevel(stepLevels, character?.level);
  const step = Math.min(picked ?? forLevel ?? info.steps.length - 1, info.steps.length - 1);
  const sets = useMemo(() => stepSets(planner, info.steps[step]), [planner, info.steps, step]);
  const table = useClassTable();
  const { compare, next, characterTree, characterJewels, compareTree, treeLoad, retryTree } = useStepCompare(table, planner, sets, tracker.detail.character);
  const retry = tracker.retryDetail;

  const sections: TrackerSection[] = [
    { value: "equipment", title: "Equipment", node: <TrackerEquipment build={planner} sets={sets} detail={tracker.detail} compare={compare} onRetry={retry} /> },
    { value: "tree", title: "Skill Tree", node: <TrackerTree tree={sets.tree} buildItems={planner.items} character={characterTree} compareCharacter={compareTree} jewels={characterJewels} detail={tracker.detail} compare={compare?.tree ?? null} mismatch={compare?.classMismatch} treeLoad={treeLoad} onRetryTree={retryTree} next={next} onRetry={retry} /> },
    { value: "choices", title: "Choices", node: <TrackerChoices build={planner} detail={tracker.detail} compare={compare} onRetry={retry} /> },
    { value: "campaign", title: "Campaign Guide", node: <CampaignGuide characterId={characterId} build={planner} heading={!wide} /> },
    { value: "notes", title: "Notes", node: <NotesTab build={planner} /> },
    { value: "settings", title: "Settings", node: <TrackerSettings tracker={tracker} characterClass={characterClass} /> },
  ];

  return (
    <Stack gap="md" data-testid="tracker-loaded" data-build-id={info.buildId} pos="relative">
      <Group gap="xs">
        <Title order={2} size="h3" data-testid="tracker-build-title">{buildTitle(info)}</Title>
        <Badge color={classColor(table, info.ascendancy || info.baseClass)} variant="light" data-testid="tracker-class-badge"
          leftSection={<ClassIcon name={info.ascendancy || info.baseClass} table={table} size={16} />}>{classBadge(info)}</Badge>
      </Group>
      {tracker.revision && (
        <TrackerRevision characterId={characterId} buildId={info.buildId} shown={tracker.revision.shown} newest={tracker.revision.newest} onChange={tracker.reloadBuild} />
      )}
      <UpdatingOverlay active={detailLoading} />
      {info.steps.length > 0 && <StepNavigator titles={info.steps.map((s) => s.title)} active={Math.max(0, step)} onChange={setPicked} />}
      {picked === null && forLevel !== null && info.steps.length > 1 && character && (
        <Text size="sm" c="dimmed" data-testid="tracker-step-for-level">
          Step {forLevel + 1} is the one for {character.name}&apos;s level {character.level}. Pick another step any time.
        </Text>
      )}
      {wide ? <OnePage sections={sections} offsetPx={TOC_OFFSET_PX} /> : (
        <Tabs defaultValue="equipment" keepMounted={false} data-testid="tracker-tabs">
          <Tabs.List>
            {sections.map((s) => <Tabs.Tab key={s.value} value={s.value} data-testid={`tracker-tab-${s.value}`}>{s.value === "campaign" ? "Campaign" : s.title}</Tabs.Tab>)}
          </Tabs.List>
          {sections.map((s) => <Tabs.Panel key={s.value} value={s.value} pt="md">{s.node}</Tabs.Panel>)}
        </Tabs>
      )}
    </Stack>
  );
}

/** While the character refreshes over a shown build; it clears after 1.5 base intervals even if the fetch lingers. */
function UpdatingOverlay({ active }: { active: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(active);
    if (!active) return;
    const t = setTimeout(() => setShown(false), OVERLAY_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [active]);
  return <LoadingOverlay visible={shown} zIndex={4} overlayProps={{ blur: 1 }} loaderProps={{ "aria-label": "Updating character data" } as object} data-testid="tracker-overlay" />;
}

/** Settings: the build's slug and code, and Change Build (the one 'Select a new build' dialog, filtered to this class). */
function TrackerSettings({ tracker, characterClass }: { tracker: TrackerState; characterClass: string }) {
  const table = useClassTable();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<LoadError>();
  const info = tracker.build!.info;
  const baseClass = baseClassOf(table, characterClass) ?? characterClass;
  const onLoad = async (text: string, _source: string, fileName?: string) => {
    setError(undefined);
    const read = readTrackerImport(text, fileName);
    if (!read.ok) {
      setError({ title: read.title, message: read.message, forEditor: read.forEditor });
      return false;
    }
    setBusy(read.label);
    try {
      const next = (await loadBuild(getDb(), read.slug)).value;
      const mismatch = classMismatch(table, next, characterClass);
      if (mismatch) {
        setError({ title: "Class mismatch", message: mismatch });
        return false;
      }
      const ok = await tracker.attach(next);
      if (ok) setOpen(false);
      return ok;
    } catch (err) {
      setError(loadErrorFor(err, "waypoint", read.slug));
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack gap="md">
      <SettingsTab info={info} />
      <Group><Button variant="light" onClick={() => setOpen(true)} data-testid="change-build">Change Build</Button></Group>
      <ChangeBuildDialog
        opened={open}
        onClose={() => { setOpen(false); setError(undefined); }}
        classFilter={baseClass}
        loading={!!busy}
        loadingLabel={busy}
        loadError={error}
        onLoad={onLoad}
      />
    </Stack>
  );
}
