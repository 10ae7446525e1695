/** "Update ready" with a Reload button, shown once a new version's service worker waits (serviceWorker.ts). */
import { Button, Group, Paper, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { isUpdateReady, reloadToUpdate, subscribeUpdate } from "./serviceWorker";

export function UpdatePrompt() {
  const ready = useSyncExternalStore(subscribeUpdate, isUpdateReady);
  if (!ready) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="status"
      data-testid="update-ready"
      style={{ position: "fixed", right: 16, bottom: 56, zIndex: 300 }}
    >
      <Group gap="sm">
        <Text size="sm">Update ready</Text>
        <Button size="xs" onClick={() => void reloadToUpdate()} data-testid="update-reload">
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
