/** Settings: the opt-in to system notifications of followed builds' revisions (issue 36, features/follow/systemNotify.ts). */
import { Card, Stack, Switch, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import {
  backgroundCheckRegistered,
  disableNotifications,
  enableNotifications,
  getNotifyOptIn,
  notifyPermission,
  type NotifyMode,
  type NotifyPermission,
} from "../follow/systemNotify";

function statusText(permission: NotifyPermission, on: boolean, mode: NotifyMode | null, asked: boolean): string | null {
  if (permission === "unsupported") return "This browser cannot show notifications. On iPhone and iPad, add Waypoint to the Home Screen first.";
  if (permission === "denied") return "Notifications are blocked for Waypoint in this browser's site settings. Allow them there to turn this on.";
  if (!on) return asked && permission === "default" ? "The browser did not allow notifications. Turn this on again to be asked again." : null;
  return mode === "background"
    ? "On: this installed app checks in the background."
    : "On: Waypoint checks when you open it.";
}

export function NotificationsCard() {
  const [permission, setPermission] = useState<NotifyPermission>(() => notifyPermission());
  const [on, setOn] = useState<boolean | null>(null);
  const [mode, setMode] = useState<NotifyMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all([getNotifyOptIn(), backgroundCheckRegistered()]).then(
      ([optIn, background]) => {
        if (!live) return;
        setOn(optIn && notifyPermission() === "granted");
        setMode(background ? "background" : "on-start");
      },
      () => live && setOn(false),
    );
    return () => { live = false; };
  }, []);

  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) {
        const r = await enableNotifications();
        setAsked(true);
        setPermission(r.permission);
        setOn(r.permission === "granted");
        if (r.mode) setMode(r.mode);
      } else {
        await disableNotifications();
        setOn(false);
      }
    } finally {
      setBusy(false);
    }
  };

  const status = statusText(permission, on === true, mode, asked);
  return (
    <Card withBorder padding="lg" data-testid="notify-card">
      <Stack gap="xs">
        <Title order={2} size="h4">Notifications</Title>
        <Switch
          label="Notify me when a followed build changes"
          checked={on === true}
          disabled={on === null || busy || permission === "unsupported" || permission === "denied"}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          data-testid="notify-switch"
        />
        {status && <Text size="sm" data-testid="notify-status">{status}</Text>}
        <Text size="xs" c="dimmed" data-testid="notify-browsers">
          At most one notification a build a day. Installed on Chrome, Edge or Android: checked in the background. In a
          browser tab, Firefox or Safari: checked when you open Waypoint. iPhone and iPad: only once added to the Home Screen.
        </Text>
      </Stack>
    </Card>
  );
}
