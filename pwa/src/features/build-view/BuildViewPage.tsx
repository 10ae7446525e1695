import { Badge, Box, Button, Group, Modal, Stack, Tabs, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { RevisionPicker } from "./RevisionPicker";
import { LAYOUT, stickyBar } from "../../app/theme";
import { StickyCover } from "../../ui/StickyCover";
import { buildTitle, classBadge, classColor } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import { PageLoader } from "../../ui/PageLoader";
import { ClassIcon } from "../../ui/ClassIcon";
import { StepNavigator } from "../../ui/StepNavigator";
import { LikeToggle } from "../browse/LikeToggle";
import { FollowToggle } from "../follow/FollowToggle";
import { api } from "../../data/api";
import { getDb } from "../../data/db";
import { applyFollowState } from "../../data/follows";
import type { FollowState } from "../../data/types";
import { AttachDialog } from "../tracker/AttachDialog";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { useStepCompare } from "../tracker/useStepCompare";
import { characterChoices, characterEquipment, characterTree } from "./CharacterTabs";
import { ChoicesTab } from "./ChoicesTab";
import { EquipmentTab } from "./EquipmentTab";
import { NotesTab } from "./NotesTab";
import { SettingsTab } from "./SettingsTab";
import { SkillTreeTab } from "./SkillTreeTab";
import { StepFigures } from "./StepFigures";
import { stepSets } from "./stepView";
import { useBuildView } from "./useBuildView";
import { useViewCharacter } from "./useViewCharacter";
import { useOnline } from "../../ui/useOnline";

export default function BuildViewPage() {
  const { slug = "" } = useParams();
  const navigate = useNavigate();
  const { identity } = useSession();
  const [search] = useSearchParams();
  const asked = Number(search.get("revision"));
  const view = useBuildView(slug, Number.isInteger(asked) && asked >= 1 ? asked : null);
  const classTable = useClassTable();
  const online = useOnline();
  const [attachOpen, setAttachOpen] = useState(false);
  const steps = view.info?.steps ?? [];
  // The last step is preselected, in the first render that knows the steps (an effect drew step 1 first).
  const [chosen, setChosen] = useState<{ buildId: string; count: number; step: number } | null>(null);
  const buildId = view.info?.buildId ?? "";
  const step = chosen && chosen.buildId === buildId && chosen.count === steps.length ? chosen.step : Math.max(0, steps.length - 1);
  const setStep = (i: number) => setChosen({ buildId, count: steps.length, step: i });
  const sets = useMemo(() => (view.planner ? stepSets(view.planner, steps[step]) : undefined), [view.planner, steps, step]);
  // The selected character beside the step: its gear, choices and tree in the Character tabs.
  const me = useViewCharacter();
  const cmp = useStepCompare(classTable, view.planner, sets, me.summary ? me.detail.character : null);
  // Whether the player follows it, and the follower count now (the build info's may be cached).
  useEffect(() => {
    if (!buildId || !online) return;
    const ctl = new AbortController();
    api.get<FollowState>(`/Build/${encodeURIComponent(buildId)}/follow`, { signal: ctl.signal, retries: 0 })
      .then(applyFollowState, () => undefined);
    return () => ctl.abort();
  }, [buildId, online, identity]);

  if (view.loading) return <PageLoader label="Loading build" />;
  if (view.error || !view.info || !view.planner || !sets) {
    return (
      <Modal opened onClose={() => navigate("/build/browse")} title="Failed to Load" centered withCloseButton={false} data-testid="failed-to-load">
        <Stack>
          <Text c="dimmed">{view.error?.message ?? "This build could not be loaded."}</Text>
          <Button onClick={() => navigate("/build/browse")} data-testid="browse-other-builds">Browse other Builds</Button>
        </Stack>
      </Modal>
    );
  }
  const { info, planner } = view;

  return (
    <Stack gap="md" data-testid="build-view" data-build-id={info.buildId}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2" data-testid="build-view-title">{buildTitle(info)}</Title>
            {(view.fromCache || !online) && <Badge color="orange" variant="filled" data-testid="offline-badge">Offline</Badge>}
          </Group>
          <Group gap="xs">
            <Badge color={classColor(classTable, info.ascendancy || info.baseClass)} variant="light" data-testid="view-class-badge"
              leftSection={<ClassIcon name={info.ascendancy || info.baseClass} table={classTable} size={16} />}>{classBadge(info)}</Badge>
            <Text c="dimmed" size="sm" data-testid="build-creator">By {info.creatorName}</Text>
            <Text c="dimmed" size="sm" data-testid="shown-revision" data-revision={view.shownRevision}>Revision {view.shownRevision}</Text>
          </Group>
          <RevisionPicker buildId={info.buildId} slug={info.slug} shown={view.shownRevision ?? 1} newest={view.newestRevision ?? 1} />
        </Stack>
        <Group gap="xs">
          <LikeToggle buildId={info.buildId} likes={info.likes} isLiked={info.isLiked} />
          <FollowToggle buildId={info.buildId} followers={info.followers ?? 0} />
          {/* The server says whether this signed-in viewer created the build (by account: display names may repeat). */}
          {identity && info.isCreator === true && view.shownRevision === view.newestRevision && (
            <Button variant="light" data-testid="new-revision" onClick={async () => {
              const [{ revisionDraft }, { newStepKey }] = await Promise.all([import("../../data/drafts"), import("../build-editor/steps")]);
              const { saveDraft } = await import("../../data/drafts");
              await saveDraft(getDb(), revisionDraft(info, newStepKey));
              navigate("/build/create");
            }}>Publish new revision</Button>
          )}
          {identity ? (
            <Button variant="light" onClick={() => setAttachOpen(true)} data-testid="attach-build">Attach to Character</Button>
          ) : (
            <Button variant="light" onClick={loginDialog.open} data-testid="attach-login">Log in to attach to a character</Button>
          )}
        </Group>
      </Group>
      {steps.length > 0 && (
        // Fills the room down to the sticky tabs, so nothing shows through between them.
        <Box style={{ ...stickyBar(LAYOUT.stickyTopPx, 6), minHeight: LAYOUT.stickySecondPx - LAYOUT.stickyTopPx }} data-testid="sticky-steps">
          <StickyCover top={LAYOUT.stickyTopPx} />
          <StepNavigator titles={steps.map((s) => s.title)} active={step} onChange={setStep} />
        </Box>
      )}
      <StepFigures planner={planner} steps={steps} step={step} />
      <Tabs defaultValue="equipment" keepMounted={false}>
        <Tabs.List style={stickyBar(LAYOUT.stickySecondPx)} data-testid="build-tabs">
          <Tabs.Tab value="equipment" data-testid="tab-equipment">Equipment</Tabs.Tab>
          <Tabs.Tab value="tree" data-testid="tab-tree">Skill Tree</Tabs.Tab>
          <Tabs.Tab value="choices" data-testid="tab-choices">Choices</Tabs.Tab>
          <Tabs.Tab value="notes" data-testid="tab-notes">Notes</Tabs.Tab>
          <Tabs.Tab value="settings" data-testid="tab-settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="equipment" pt="md"><EquipmentTab build={planner} sets={sets} character={characterEquipment(me)} /></Tabs.Panel>
        <Tabs.Panel value="tree" pt="md"><SkillTreeTab tree={sets.tree} items={planner.items} compare={characterTree(me, cmp, sets.tree, planner)} /></Tabs.Panel>
        <Tabs.Panel value="choices" pt="md"><ChoicesTab build={planner} {...characterChoices(me, cmp)} /></Tabs.Panel>
        <Tabs.Panel value="notes" pt="md"><NotesTab build={planner} /></Tabs.Panel>
        <Tabs.Panel value="settings" pt="md"><SettingsTab info={info} step={steps[step]} /></Tabs.Panel>
      </Tabs>
      {identity && <AttachDialog opened={attachOpen} onClose={() => setAttachOpen(false)} info={info} />}
    </Stack>
  );
}
