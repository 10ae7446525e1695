/**
 * /dev/tree?code=<planner code>, or a file picker: every tree of a build, with
 * a step-to-step compare between any two of its trees.
 */
import { Alert, Button, FileButton, Group, Select, Stack, Tabs, Text, Textarea, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { PlannerBuild } from "@workers/planner/index";
import PassiveTreeView from "../../tree/PassiveTreeView";
import { prepareTreeGpu } from "../../tree/prepare";
import { PageLoader } from "../../ui/PageLoader";
import { decodeInWorker } from "../../data/planner";

type Decoded = { status: "idle" } | { status: "loading" } | { status: "error"; message: string } | { status: "ready"; build: PlannerBuild };

export default function DevTreePage() {
  const [params, setParams] = useSearchParams();
  // Base64 never has spaces: a "+" that arrived unencoded was read as a space.
  const code = (params.get("code") ?? "").replace(/ /g, "+");
  const [draft, setDraft] = useState(code);
  const [source, setSource] = useState<string>(code);
  const [decoded, setDecoded] = useState<Decoded>({ status: "idle" });
  const [treeId, setTreeId] = useState<string | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);

  useEffect(() => {
    if (code) setSource(code);
  }, [code]);

  useEffect(() => {
    if (!source.trim()) return;
    // The GPU side gets ready while the code decodes and the tree data loads.
    prepareTreeGpu();
    let live = true;
    setDecoded({ status: "loading" });
    decodeInWorker(source.trim()).then(
      (build) => {
        if (!live) return;
        setDecoded({ status: "ready", build });
        setTreeId(build.trees.some((t) => t.id === build.activeTreeId) ? build.activeTreeId : (build.trees[0]?.id ?? null));
        setCompareId(null);
      },
      (err: unknown) => live && setDecoded({ status: "error", message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [source]);

  const onFile = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    setDraft("");
    setParams({}, { replace: true });
    setSource(text);
  };

  const build = decoded.status === "ready" ? decoded.build : null;
  const tree = build?.trees.find((t) => t.id === treeId) ?? null;
  const other = build?.trees.find((t) => t.id === compareId && t.id !== treeId);

  return (
    <Stack gap="md">
      <Title order={2}>Passive tree (dev)</Title>
      <Group align="flex-end" gap="sm">
        <Textarea
          label="Planner code"
          placeholder="Paste a planner code"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          autosize
          maxRows={3}
          style={{ flex: 1 }}
          data-testid="dev-tree-code"
        />
        <Button
          onClick={() => {
            setParams(draft.trim() ? { code: draft.trim() } : {}, { replace: true });
            setSource(draft);
          }}
          disabled={!draft.trim()}
        >
          Show tree
        </Button>
        <FileButton onChange={onFile} accept=".txt,.xml,text/plain,application/xml,text/xml">
          {(props) => (
            <Button variant="default" {...props} data-testid="dev-tree-file">
              Open planner file
            </Button>
          )}
        </FileButton>
      </Group>
      {decoded.status === "idle" && <Text c="dimmed">Paste a planner code or open a planner file to see its trees.</Text>}
      {decoded.status === "loading" && <PageLoader label="Decoding planner code" />}
      {decoded.status === "error" && (
        <Alert color="red" title="This planner code could not be read" data-testid="dev-tree-error">
          {decoded.message}
        </Alert>
      )}
      {build && build.trees.length === 0 && <Text>This build has no passive tree.</Text>}
      {build && tree && (
        <>
          <Text size="sm" c="dimmed">
            {build.className}
            {build.ascendancyName ? ` / ${build.ascendancyName}` : ""} · level {build.level} · {build.trees.length} tree
            {build.trees.length === 1 ? "" : "s"} · tree version {tree.treeVersion}
          </Text>
          <Group align="flex-end" gap="md">
            <Tabs value={treeId} onChange={setTreeId} variant="pills">
              <Tabs.List>
                {build.trees.map((t) => (
                  <Tabs.Tab key={t.id} value={t.id} data-testid="dev-tree-tab">
                    {t.title}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {build.trees.length > 1 && (
              <Select
                label="Compare with"
                placeholder="No compare"
                clearable
                value={compareId}
                onChange={setCompareId}
                data={build.trees.filter((t) => t.id !== treeId).map((t) => ({ value: t.id, label: t.title }))}
                w={260}
                data-testid="dev-tree-compare"
              />
            )}
          </Group>
          <PassiveTreeView build={tree} other={other} height={680} jewelItems={build.items} />
        </>
      )}
    </Stack>
  );
}
