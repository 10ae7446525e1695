/**
 * /build/share: where the installed app receives a shared link or text (the
 * manifest's share_target, GET) and a planner XML file it was opened with
 * (file_handlers, through window.launchQueue). It hands the input to the build
 * editor's import box (sharedInput.ts) and opens /build/create. Works offline:
 * the service worker serves the shell for this route like any other.
 */
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { MAX_SHARED_FILE_BYTES, putSharedInput, sharedInputFromParams } from "./sharedInput";

interface LaunchParams {
  files?: readonly FileSystemFileHandle[];
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

export default function ShareTargetPage() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const open = () => navigate("/build/create", { replace: true });
    const shared = sharedInputFromParams(new URLSearchParams(window.location.search));
    if (shared) {
      putSharedInput(shared);
      open();
      return;
    }
    const queue = (window as { launchQueue?: LaunchQueue }).launchQueue;
    if (!queue) return setProblem("Nothing was shared with Waypoint.");
    // Called only when the app was opened with a file.
    queue.setConsumer(async ({ files }) => {
      const handle = files?.[0];
      if (!handle) return;
      try {
        const file = await handle.getFile();
        if (file.size > MAX_SHARED_FILE_BYTES) return setProblem(`${file.name} is larger than 4 MB; a planner export is much smaller.`);
        putSharedInput({ text: await file.text(), source: file.name, kind: "file" });
        open();
      } catch {
        setProblem("The file could not be read.");
      }
    });
  }, [navigate]);

  return (
    <Stack gap="sm" data-testid="share-target">
      <Title order={1} size="h2">Opening the shared build</Title>
      {problem && <Text data-testid="share-problem">{problem}</Text>}
      <Anchor component={Link} to="/build/create">
        Open the build editor
      </Anchor>
    </Stack>
  );
}
