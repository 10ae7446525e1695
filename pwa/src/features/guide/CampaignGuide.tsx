/**
 * The Campaign Guide panel: one tab per act, numbered steps in a 500 px scroll
 * box, Prev/Next across acts, search with highlighted matches, progress kept
 * per character. The tracker embeds it; /dev/guide shows it alone.
 */
import { ActionIcon, Alert, Badge, Button, Group, ScrollArea, Stack, Switch, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { passivesNote } from "@workers/guide/rewards";
import { gemName, isBlankStep, isGemStep, searchSections } from "@workers/guide/search";
import type { CampaignData, Section } from "@workers/guide/types";
import { PageLoader } from "../../ui/PageLoader";
import { StepContent } from "./StepContent";
import { GameLogPanel } from "./log/GameLogPanel";
import { useGameLog } from "./log/useGameLog";
import { isFirst, isLast, jumpToMatch, keepSelected, matchCounter, nextStep, prevStep, selectAct, selectStep, stepCounter } from "./navigation";
import { useCampaignProgress } from "./useCampaignProgress";
import { useGuide } from "./useGuide";

export const GUIDE_ACTS = 10;
const GOLD = "var(--mantine-color-yellow-5)";

export interface CampaignGuideProps {
  characterId: string;
  build: PlannerBuild | null;
  /** False where the page already heads the panel 'Campaign Guide' (the tracker's section), so it is not said twice. */
  heading?: boolean;
}

export function CampaignGuide({ characterId, build, heading = true }: CampaignGuideProps) {
  const guide = useGuide(build);
  const gemNames = useMemo(
    () => (guide.status === "ready" && guide.guideBuild ? guide.guideBuild.gemIds.map((id) => gemName(guide.data, id)) : null),
    [guide],
  );
  const acts = useMemo(() => (guide.status === "ready" ? guide.sections.slice(0, GUIDE_ACTS) : []), [guide]);
  if (guide.status === "loading") return <PageLoader label="Loading campaign guide" />;
  if (guide.status === "error")
    return (
      <Alert color="red" title="Campaign guide unavailable">
        {guide.message}
      </Alert>
    );
  return (
    <GuidePanel
      characterId={characterId}
      data={guide.data}
      sections={acts}
      flag={guide.flag}
      passivePoints={guide.passivePoints}
      gemNames={gemNames}
      heading={heading}
    />
  );
}

export interface PanelProps {
  characterId: string;
  data: CampaignData;
  sections: Section[];
  flag: Parameters<typeof passivesNote>[0];
  /** Passive points the route hands in under `flag` (GuideResult.passivePoints). */
  passivePoints: number;
  /** Names of the build's gems; null without a build. */
  gemNames: string[] | null;
  heading?: boolean;
}

export function GuidePanel({ characterId, data, sections, flag, passivePoints, gemNames, heading = true }: PanelProps) {
  const stepCounts = useMemo(() => sections.map((s) => s.steps.length), [sections]);
  const [progress, setProgress] = useCampaignProgress(characterId, stepCounts);
  // Desktop Chromium: the game's log moves the guide (log/); elsewhere a note, and Next as before.
  const gameLog = useGameLog(characterId, data, sections, progress, setProgress);
  const [query, setQuery] = useState("");
  const [gemsOnly, setGemsOnly] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);

  const filtered = useMemo(
    () =>
      sections.map((s) =>
        s.steps.flatMap((step, i) => (!gemsOnly || !gemNames || isGemStep(step, data, gemNames) ? [i] : [])),
      ),
    [sections, data, gemsOnly, gemNames],
  );
  const visible = useMemo(() => (progress ? keepSelected(filtered, progress) : filtered), [filtered, progress]);
  const matches = useMemo(() => {
    const all = searchSections(sections, data, query);
    return all.map((m, act) => m.filter((i) => visible[act].includes(i)));
  }, [sections, data, query, visible]);

  const act = progress?.act ?? 0;
  const step = progress?.steps[act] ?? 0;

  // A selected step is scrolled to the centre of the box.
  useEffect(() => {
    const box = viewport.current;
    const el = box?.querySelector<HTMLElement>(`[data-step-index="${step}"]`);
    if (!box || !el) return;
    const offset = el.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTo({ top: offset - (box.clientHeight - el.offsetHeight) / 2 });
  }, [act, step, progress, gemsOnly]);

  if (!progress) return <PageLoader label="Loading campaign progress" />;

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    setProgress(jumpToMatch(progress, matches, e.shiftKey ? -1 : 1));
  };
  const actMatches = matches[act] ?? [];
  const searching = query.trim() !== "";

  return (
    <Stack gap="sm" data-testid="campaign-guide">
      <Group justify="space-between" align="center">
        <Group gap="sm" align="baseline">
          {heading && <Title order={2} size="h3">Campaign Guide</Title>}
          {data.routeFacts && (
            <Text size="sm" c="dimmed" data-testid="guide-version">
              Route for game version {data.routeFacts.gameVersion}
            </Text>
          )}
        </Group>
        <Group gap="sm">
          {/* Wraps on a phone: one line cut "Kill all bandits: 24 passive points from the ca…" at 412 px. */}
          <Badge variant="light" color={flag === "BANDIT_KILL" ? "red" : "yellow"} data-testid="guide-passives"
            h="auto" maw="100%" py={4} styles={{ label: { whiteSpace: "normal", overflow: "visible" } }}>
            {passivesNote(flag, passivePoints)}
          </Badge>
          <Switch
            label="Gems only"
            checked={gemsOnly}
            disabled={!gemNames}
            onChange={(e) => setGemsOnly(e.currentTarget.checked)}
            data-testid="guide-gems-only"
          />
        </Group>
      </Group>

      <GameLogPanel {...gameLog} />

      <Tabs value={String(act)} onChange={(v) => v !== null && setProgress(selectAct(progress, Number(v)))} variant="outline">
        <Tabs.List>
          {sections.map((s, i) => (
            <Tabs.Tab
              key={i}
              value={String(i)}
              data-has-matches={matches[i].length > 0 ? "true" : undefined}
              style={matches[i].length > 0 ? { border: `2px solid ${GOLD}`, borderRadius: 4 } : undefined}
            >
              {s.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setProgress(prevStep(progress, visible))} disabled={isFirst(progress, visible)}>
            Prev
          </Button>
          <Text size="sm" data-testid="guide-step-counter">
            {stepCounter(progress, stepCounts)}
          </Text>
          <Button variant="default" size="xs" onClick={() => setProgress(nextStep(progress, visible))} disabled={isLast(progress, visible)}>
            Next
          </Button>
        </Group>
        <Group gap={6}>
          <TextInput
            w={240}
            size="xs"
            placeholder="Search steps"
            aria-label="Search steps"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={onSearchKey}
          />
          <ActionIcon variant="default" aria-label="Previous match" disabled={!searching} onClick={() => setProgress(jumpToMatch(progress, matches, -1))}>
            ↑
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Next match" disabled={!searching} onClick={() => setProgress(jumpToMatch(progress, matches, 1))}>
            ↓
          </ActionIcon>
          <Text size="sm" c="dimmed" miw={48} data-testid="guide-match-counter">
            {matchCounter(actMatches, step)}
          </Text>
        </Group>
      </Group>

      {/* The list scrolls by keyboard too: its viewport takes focus (axe scrollable-region-focusable). */}
      <ScrollArea
        h={500}
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Campaign steps", className: "mantine-focus-auto" }}
        type="auto"
        data-testid="guide-steps"
      >
        <Stack gap={2} component="ol" style={{ listStyle: "none", margin: 0, padding: 0, position: "relative" }}>
          {visible[act].map((i) => {
            const s = sections[act].steps[i];
            const selected = i === step;
            const blank = isBlankStep(s, data);
            return (
              <li
                key={i}
                data-step-index={i}
                data-selected={selected ? "true" : undefined}
                data-testid="guide-step"
                onClick={() => setProgress(selectStep(progress, act, i))}
                style={{
                  cursor: "pointer",
                  padding: "6px 10px",
                  borderRadius: 4,
                  // Text colours pass AA on dark-6 at most (red-5 is 4.0:1 and dimmed 4.4:1 on dark-5): the selected
                  // step is told by its gold edge, a search match by a grey one.
                  borderLeft: `3px solid ${selected ? GOLD : actMatches.includes(i) ? "var(--mantine-color-dark-3)" : "transparent"}`,
                  background: selected || actMatches.includes(i) ? "var(--mantine-color-dark-6)" : undefined,
                }}
              >
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" miw={28} ta="right">
                    {i + 1}.
                  </Text>
                  <div>
                    {!blank && <StepContent parts={s.parts} data={data} query={query} />}
                    {!blank &&
                      s.subSteps.map((sub, k) => (
                        <div key={k} style={{ paddingLeft: 12 }} data-testid="guide-substep">
                          <StepContent parts={sub.parts} data={data} query={query} />
                        </div>
                      ))}
                  </div>
                </Group>
              </li>
            );
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

export default CampaignGuide;
