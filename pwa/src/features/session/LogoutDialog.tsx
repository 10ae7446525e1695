import { Button, Group, Loader, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { logout, syncBeforeLogout } from "./actions";
import { unsyncedText } from "./unsynced";

type Step = { kind: "confirm" } | { kind: "syncing" } | { kind: "unsynced"; count: number };

/**
 * Logout confirm. Logging out first tries to sync the outbox; when changes remain (offline),
 * the dialog says how many and offers to sync first or log out anyway (they are then kept
 * for this account and replayed at its next sign-in).
 */
export function LogoutDialog({ opened, onClose, onLoggedOut }: { opened: boolean; onClose: () => void; onLoggedOut: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "confirm" });
  const close = () => {
    setStep({ kind: "confirm" });
    onClose();
  };
  const finish = async () => {
    await logout();
    setStep({ kind: "confirm" });
    onLoggedOut();
  };
  const trySync = async () => {
    setStep({ kind: "syncing" });
    const count = await syncBeforeLogout();
    if (count === 0) await finish();
    else setStep({ kind: "unsynced", count });
  };
  return (
    <Modal opened={opened} onClose={close} title="Logout" centered>
      {step.kind === "confirm" && (
        <>
          <Text mb="md">Are you sure you want to log out?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button color="red" data-testid="confirm-logout" onClick={() => void trySync()}>
              Logout
            </Button>
          </Group>
        </>
      )}
      {step.kind === "syncing" && (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>Syncing your changes...</Text>
        </Group>
      )}
      {step.kind === "unsynced" && (
        <>
          <Text mb="xs" data-testid="unsynced-count" role="alert">
            {unsyncedText(step.count)}
          </Text>
          <Text size="sm" c="dimmed" mb="md">
            Log out anyway and they are kept on this device for your account; they sync the next time you sign in here.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button variant="light" data-testid="sync-first" onClick={() => void trySync()}>
              Sync first
            </Button>
            <Button color="red" data-testid="logout-anyway" onClick={() => void finish()}>
              Log out anyway
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
