/** Settings: what this device keeps (persistent storage and the storage used, data/persist.ts), and the player's data on the server. */
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { formatBytes, storageReport, storedAnswer, type StorageReport } from "../../data/persist";
import { AccountDataCard } from "./AccountDataCard";
import { NotificationsCard } from "./NotificationsCard";

function persistText(r: StorageReport): string {
  if (r.persisted === null) return "This browser cannot say whether it keeps Waypoint's data.";
  return r.persisted
    ? "Granted: the browser keeps Waypoint's data on this device."
    : "Not granted: the browser may clear Waypoint's offline data when the device runs short of space.";
}

export default function SettingsPage() {
  const [report, setReport] = useState<StorageReport | null>(null);
  const refresh = useCallback(() => void storageReport().then(setReport, () => setReport({ persisted: null, usageBytes: null, quotaBytes: null })), []);
  useEffect(refresh, [refresh]);
  const asked = storedAnswer();

  const ask = async () => {
    await navigator.storage?.persist?.().catch(() => false);
    refresh();
  };

  return (
    <Stack gap="md" data-testid="settings-page">
      <Title order={1} size="h2">Settings</Title>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">Storage on this device</Title>
          {report ? (
            <>
              <Text size="sm" data-testid="settings-persist">
                Persistent storage: {persistText(report)}
              </Text>
              <Text size="sm" data-testid="settings-storage-used">
                Storage used:{" "}
                {report.usageBytes !== null
                  ? `${formatBytes(report.usageBytes)}${report.quotaBytes ? ` of ${formatBytes(report.quotaBytes)} available` : ""}`
                  : "unknown in this browser"}
              </Text>
              {asked && (
                <Text size="xs" c="dimmed">
                  Asked at your first {asked.reason}, {new Date(asked.at).toLocaleDateString()}.
                </Text>
              )}
              {report.persisted === false && (
                <Group>
                  <Button size="xs" variant="default" onClick={() => void ask()}>
                    Ask the browser again
                  </Button>
                </Group>
              )}
            </>
          ) : (
            <Text size="sm">Reading the storage…</Text>
          )}
        </Stack>
      </Card>
      <NotificationsCard />
      <AccountDataCard />
    </Stack>
  );
}
