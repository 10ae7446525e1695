import { Alert, Badge, Button, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Later } from "../../ui/Later";
import { PageLoader } from "../../ui/PageLoader";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { estimateStepLevel } from "./approximateLevel";
import { BuildSettingsPanel } from "./BuildSettingsPanel";
import { FinalizeModal } from "./FinalizeModal";
import { LoaderCard } from "./LoaderCard";
import { LoaderNotes } from "./LoaderNotes";
import { buildGemNames } from "./skillOptions";
import { StepDetail } from "./StepDetail";
import { StepEditorRow } from "./StepEditorRow";
import { StepTimeline, type StepMode } from "./StepTimeline";
import { addStep, chooseSet, deleteStep, FEWER_POINTS_TITLE, FEWER_POINTS_WARNING, INCOMPLETE_BUILD, invalidSteps, moveStep, type StepField } from "./steps";
import { useBuildEditor } from "./useBuildEditor";
import { useLevelData } from "./useLevelData";
import { suggestedTitle } from "./importInput";

export const WAITING_TO_PUBLISH = "waiting to publish";

// The points warning advises and does not block: its own title and look, never the red 'Current Step Invalid'.
const warn = (message: string) =>
  notifications.show({ title: FEWER_POINTS_TITLE, message, color: "yellow", autoClose: 6000, "data-kind": "warning" } as Parameters<typeof notifications.show>[0]);
const fail = (e: { title: string; message: string }) => notifications.show({ title: e.title, message: e.message, color: "red", autoClose: 6000, "data-kind": "error" } as Parameters<typeof notifications.show>[0]);

export default function CreateBuildPage() {
  const { identity } = useSession();
  if (!identity) {
    return (
      <Stack gap="md" data-testid="create-build-page">
        <Title order={1} size="h2">Create New Build</Title>
        <Text c="gray.5">Log-in to create a build</Text>
        <Button w="fit-content" onClick={loginDialog.open} data-testid="create-login">Log in</Button>
      </Stack>
    );
  }
  return <Editor />;
}

function Editor() {
  const navigate = useNavigate();
  const editor = useBuildEditor();
  const { state } = editor;
  const { draft, build } = state;
  const [finalizeOpen, setFinalizeOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [rebasing, setRebasing] = useState(false);
  // The navigator mode is a preference of the device, kept across visits.
  const [stepMode, setStepMode] = useLocalStorage<StepMode>({ key: "waypoint:editor:step-mode", defaultValue: "cards", getInitialValueInEffect: false });
  const levelData = useLevelData(build?.trees[0]?.treeVersion);
  const estimates = useMemo(() => (draft && build ? draft.steps.map((s) => estimateStepLevel(build, s, levelData)) : []), [draft, build, levelData]);
  const levels = useMemo(() => estimates.map((e) => e.level), [estimates]);
  // The finalize modal's options are needed only once it opens.
  const gemNames = useMemo(() => (build && finalizeOpen ? buildGemNames(build) : []), [build, finalizeOpen]);
  // The step's detail (equipment, tree, notes) renders after the timeline, so a Load shows its steps at once.
  const detailStep = useDeferredValue(draft?.steps[draft.active]);

  // A publish that lands later (reconnect) opens the created state.
  const published = draft?.status === "published" && !!draft.slug;
  useEffect(() => {
    if (published) setFinalizeOpen(true);
  }, [published]);

  if (state.phase === "restoring") return <PageLoader label="Restoring your draft" />;

  const header = (
    <Group justify="space-between">
      <Title order={1} size="h2">{draft?.revisionOf ? `New revision of ${draft.revisionOf.slug}` : "Create New Build"}</Title>
      {draft?.status === "waiting" && <Badge color="orange" variant="filled" data-testid="waiting-badge">{WAITING_TO_PUBLISH}</Badge>}
    </Group>
  );

  if (state.phase === "empty" || !draft || !build) {
    return (
      <Stack gap="md" data-testid="create-build-page">
        {header}
        <LoaderCard onLoad={(text, source, fileName) => editor.load(text, source, false, fileName)} loading={state.loading} loadingLabel={state.loadingLabel} fieldError={state.fieldError} loadError={state.loadError} />
      </Stack>
    );
  }

  const { steps, active } = draft;
  const step = steps[active];
  const locked = draft.status !== "editing" || pending;

  const onAdd = () => {
    const r = addStep(steps, active, build);
    if (!r.ok) return fail(r.error);
    if (r.warning) warn(r.warning);
    editor.setSteps(r.steps, r.active);
  };
  const onChoose = (field: StepField, id: string | null) => {
    editor.update((d) => ({ steps: d.steps.map((s, i) => (i === d.active ? chooseSet(s, field, id) : s)) }));
    if (field === "passiveTreeId" && id && active > 0) {
      const nodes = (treeId: string | null) => build.trees.find((t) => t.id === treeId)?.nodes.length ?? 0;
      if (nodes(steps[active - 1].passiveTreeId) > nodes(id)) warn(FEWER_POINTS_WARNING);
    }
  };
  const onComplete = () => {
    if (!steps.length || invalidSteps(steps).length) return fail(INCOMPLETE_BUILD);
    setFinalizeOpen(true);
  };
  const onPublish = async (skills: string[]) => {
    setPending(true);
    try {
      // Offline (still waiting) or refused (back to editing with the server's messages): the editor shows why.
      const after = await editor.publish(skills);
      if (after?.status !== "published") setFinalizeOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="md" data-testid="create-build-page" data-build-id={draft.buildId} data-status={draft.status}>
      {header}
      {state.warning && (
        <Alert color="yellow" title={state.warning} withCloseButton onClose={editor.clearWarning} data-testid="editor-warning">
          {state.warningReasons?.map((r) => <Text key={r} size="sm">{r}</Text>)}
        </Alert>
      )}
      {state.loaded && !state.fresh && (
        <Text size="sm" c="gray.4" data-testid="load-summary">Loaded {state.loaded.label}: {state.loaded.summary}</Text>
      )}
      <LoaderNotes notes={state.notes} />
      {draft.revisionOf && (
        <Stack gap="xs" data-testid="revision-panel">
          <Text size="sm" c="dimmed" data-testid="revision-base">
            Based on revision {draft.revisionOf.base}. Publishing keeps the build's link; followers see what changed.
          </Text>
          <Textarea
            label="Note for your followers (optional)"
            maxLength={2000}
            autosize
            minRows={2}
            value={draft.note ?? ""}
            disabled={locked}
            onChange={(e) => { const note = e.currentTarget.value; editor.update(() => ({ note })); }}
            data-testid="revision-note"
          />
        </Stack>
      )}
      {draft.stale && draft.revisionOf ? (
        <Alert color="yellow" title="A newer revision was published" data-testid="stale-revision">
          <Text size="sm" mb="xs">
            This build has a newer revision than the one your changes started from. Load the newest revision: your changes are kept and applied on top of it, then publish again.
          </Text>
          <Button size="xs" loading={rebasing} data-testid="load-newest" onClick={async () => {
            setRebasing(true);
            try {
              const n = await editor.loadNewest();
              if (n) notifications.show({ title: `Based on revision ${n} now`, message: "Your changes are kept. Check them, then publish again.", color: "blue", autoClose: 6000 });
            } catch (err) {
              fail({ title: "Could not load the newest revision", message: (err as Error)?.message ?? "Try again" });
            } finally {
              setRebasing(false);
            }
          }}>Load the newest revision</Button>
        </Alert>
      ) : draft.errors?.length ? (
        <Alert color="red" title="The server did not accept this build" data-testid="publish-errors">
          {draft.errors.map((e) => <Text key={e} size="sm">{e}</Text>)}
        </Alert>
      ) : null}
      {state.fresh && (
        <Alert color="blue" title={suggestedTitle(steps.length)} data-testid="suggest-steps">
          {state.loaded && <Text size="sm" mb="xs" data-testid="load-summary">Loaded {state.loaded.label}: {state.loaded.summary}</Text>}
          <Text size="sm" mb="xs">
            Each step takes the equipment set and skill set whose names match its tree best. Change any choice below, or start from an empty timeline.
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={editor.dismissFresh} data-testid="accept-suggested">Keep suggested steps</Button>
            <Button size="xs" variant="default" onClick={() => { editor.setSteps([], 0); editor.dismissFresh(); }} data-testid="start-empty">Start empty</Button>
          </Group>
        </Alert>
      )}
      <StepTimeline
        steps={steps}
        active={active}
        levels={levels}
        disabled={locked}
        mode={stepMode}
        onMode={setStepMode}
        onSelect={(i) => editor.update(() => ({ active: i }))}
        onMove={(from, to) => {
          const r = moveStep(steps, from, to);
          editor.setSteps(r.steps, r.active);
        }}
        onDelete={(i) => {
          const r = deleteStep(steps, i, active);
          editor.setSteps(r.steps, r.active);
        }}
        onAdd={onAdd}
        onComplete={onComplete}
      />
      {/* The step list shows first; the editor row, detail and settings follow in the next render. */}
      <Later fallback={<PageLoader label="Loading the step" />}>
        {step && (
          <StepEditorRow
            build={build}
            step={step}
            level={levels[active] ?? 0}
            reason={estimates[active]?.reason}
            disabled={locked}
            onTitle={(title) => editor.update((d) => ({ steps: d.steps.map((s, i) => (i === d.active ? { ...s, title } : s)) }))}
            onChoose={onChoose}
          />
        )}
        {step && !detailStep ? <PageLoader label="Loading the step" /> : <StepDetail build={build} code={draft.code} step={detailStep} level={detailStep ? (estimates[steps.indexOf(detailStep)]?.level ?? 0) : 0} />}
        <BuildSettingsPanel
          slug={draft.slug}
          code={draft.code}
          source={draft.source}
          baseClass={build.className}
          loading={state.loading}
          loadingLabel={state.loadingLabel}
          fieldError={state.fieldError}
          loadError={state.loadError}
          onChange={(text, source, fileName) => editor.load(text, source, true, fileName)}
        />
      </Later>
      <FinalizeModal
        opened={finalizeOpen}
        gemNames={gemNames}
        initial={draft.skills}
        pending={pending}
        slug={published ? draft.slug : undefined}
        revision={draft.revisionOf ? draft.revisionOf.base + 1 : undefined}
        onCancel={() => setFinalizeOpen(false)}
        onComplete={(skills) => void onPublish(skills)}
        onClose={async () => {
          setFinalizeOpen(false);
          await editor.reset();
          navigate("/build/browse");
        }}
      />
    </Stack>
  );
}
