import { Alert, Badge, Button, Center, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { EMPTY_FILTERS, filtersFromUrl, filtersToUrl, type BuildFilters } from "../../data/filters";
import type { BrowseSource } from "../../data/types";
import { markFollowed } from "../../data/follows";
import { firstContentShown } from "../../ui/idle";
import { useOnline } from "../../ui/useOnline";
import { PageLoader } from "../../ui/PageLoader";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { BuildCard } from "./BuildCard";
import { emptyText } from "./emptyTexts";
import { FilterBar } from "./FilterBar";
import { useBuildList } from "./useBuildList";
import { LikeOverridesProvider } from "./useLikes";
import { useClassTable } from "../../data/useClassTable";
import { useSkillOptions } from "./useSkillOptions";

/** Cards in the first render: a wide screen's first rows; the rest follow right after the first paint. */
export const FIRST_SCREEN_CARDS = 6;

const SOURCES: { value: BrowseSource; label: string }[] = [
  { value: "explore", label: "Explore" },
  { value: "liked", label: "Liked" },
  { value: "created", label: "Created" },
  { value: "following", label: "Following" },
];

export default function BrowsePage() {
  const { tab } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { identity } = useSession();
  const online = useOnline();
  const source = SOURCES.find((s) => s.value === tab)?.value;

  const appliedKey = params.toString();
  const applied = useMemo(() => filtersFromUrl(params), [appliedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const [edited, setEdited] = useState<BuildFilters>(applied);
  useEffect(() => setEdited(applied), [applied]);

  const isPublic = source === "explore";
  const list = useBuildList(source ?? "explore", applied, !!source && (isPublic || !!identity));
  // The Following list's builds are followed: their cards' toggles say so.
  useEffect(() => {
    if (source === "following" && list.builds.length) markFollowed(list.builds.map((b) => b.buildId));
  }, [source, list.builds]);
  const skillOptions = useSkillOptions();
  const classTable = useClassTable();
  // The first cards (or the empty state) are the first screen; boot work waits for them (ui/idle.ts).
  useEffect(() => {
    if (!list.loading) firstContentShown();
  }, [list.loading]);

  // Each card is a few dozen Mantine elements: the first screen's cards render first, the others in the next task.
  const [allCards, setAllCards] = useState(false);
  const more = list.builds.length > FIRST_SCREEN_CARDS;
  useEffect(() => {
    if (!more || allCards) return;
    const id = setTimeout(() => startTransition(() => setAllCards(true)), 0);
    return () => clearTimeout(id);
  }, [more, allCards]);
  const cards = allCards ? list.builds : list.builds.slice(0, FIRST_SCREEN_CARDS);
  // The filter bar's comboboxes cost more than the first cards: the first render shows the bar's
  // look (FilterBar live=false), the working bar follows the rest of the cards.
  const [liveFilters, setLiveFilters] = useState(false);
  const firstScreenOnly = cards.length < list.builds.length;
  useEffect(() => {
    if (liveFilters || firstScreenOnly) return;
    const id = setTimeout(() => startTransition(() => setLiveFilters(true)), 0);
    return () => clearTimeout(id);
  }, [liveFilters, firstScreenOnly]);

  const endRef = useRef<HTMLDivElement>(null);
  const { loadMore } = list;
  useEffect(() => {
    const el = endRef.current;
    if (!el) return;
    // Only when the end marker is fully visible.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.intersectionRatio >= 1) && loadMore(), { threshold: 1 });
    io.observe(el);
    return () => io.disconnect();
  }, [loadMore, list.builds.length, cards.length]);

  if (!source) return <Navigate to={{ pathname: "/build/browse/explore", search: params.toString() }} replace />;

  const empty = emptyText(source, !!identity);
  return (
    <Stack gap="sm" data-testid="browse-page">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1}>Build browser</Title>
          {(list.fromCache || !online) && (
            <Badge color="orange" variant="filled" data-testid="offline-badge">Offline</Badge>
          )}
        </Group>
        {identity ? (
          <Button component={Link} to="/build/create" data-testid="create-build">Create New Build</Button>
        ) : (
          <Button variant="light" onClick={loginDialog.open} data-testid="create-login">Log in to create a build</Button>
        )}
      </Group>
      <Tabs value={source} onChange={(v) => v && navigate({ pathname: `/build/browse/${v}`, search: params.toString() })}>
        <Tabs.List>
          {SOURCES.map((s) => (
            <Tabs.Tab key={s.value} value={s.value} data-testid={`tab-${s.value}`}>{s.label}</Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar
        value={edited}
        onChange={setEdited}
        skillOptions={skillOptions}
        showCreator={source !== "created"}
        live={liveFilters}
        onSearch={() => setParams(filtersToUrl(edited))}
        onSort={(sortBy) => setParams(filtersToUrl({ ...applied, sortBy }))}
        onClear={() => {
          setEdited(EMPTY_FILTERS);
          setParams(new URLSearchParams());
        }}
      />
      {list.loading ? (
        <PageLoader label="Loading builds" />
      ) : list.builds.length === 0 ? (
        <Stack align="center" py="xl" gap="sm" data-testid="empty-state">
          {list.error && !list.fromCache && (
            <Alert color="red" title="Could not load builds" data-testid="list-error">{list.error.message}</Alert>
          )}
          <Text c="dimmed" data-testid="empty-text">{empty.text}</Text>
          {empty.login && <Button variant="light" onClick={loginDialog.open} data-testid="empty-login">Login</Button>}
        </Stack>
      ) : (
        <>
          <LikeOverridesProvider initial={list.overrides}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="build-list">
              {cards.map((b) => (
                <BuildCard key={b.buildId} build={b} classTable={classTable} />
              ))}
            </SimpleGrid>
          </LikeOverridesProvider>
          {/* Only under the whole page: under the first cards alone it would ask for the next page at once. */}
          {cards.length === list.builds.length && <div ref={endRef} data-testid="list-end" style={{ height: 24 }} />}
          {list.loadingMore && (
            <Center py="md" role="status" aria-label="Loading more builds" data-testid="loading-more"><Loader size="sm" /></Center>
          )}
        </>
      )}
    </Stack>
  );
}
