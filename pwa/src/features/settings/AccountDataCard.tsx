/** Settings: the player's own data on the server: download it, or delete the account (data/account.ts). */
import { Button, Card, Checkbox, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import {
  deleteAccountOnServer,
  deletionSummary,
  EXPORT_FILE_NAME,
  exportFileText,
  fetchAccountExport,
  forgetDeletedAccount,
} from "../../data/account";
import { useSession } from "../session/useSession";

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const failed = (title: string, err: unknown) =>
  notifications.show({ title, message: (err as Error)?.message || "please try again", color: "red", autoClose: 5000 });

export function AccountDataCard() {
  const { identity } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"download" | "delete" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [withBuilds, setWithBuilds] = useState(false);
  if (!identity) return null;

  const download = async () => {
    setBusy("download");
    try {
      saveFile(EXPORT_FILE_NAME, exportFileText(await fetchAccountExport()));
    } catch (err) {
      failed("The download failed", err);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy("delete");
    try {
      await deleteAccountOnServer(withBuilds);
      await forgetDeletedAccount();
      setConfirming(false);
      notifications.show({ title: "Account deleted", message: "Your account is gone from the server.", autoClose: 5000 });
      navigate("/build/browse");
    } catch (err) {
      failed("The account was not deleted", err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="settings-account-data">
      <Stack gap="xs">
        <Title order={2} size="h4">Your data on the server</Title>
        <Text size="sm">Download everything the server keeps about you as one file, or delete your account.</Text>
        <Group>
          <Button size="xs" variant="default" loading={busy === "download"} onClick={() => void download()}>
            Download my data
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      {/* While the deletion is under way the dialog stays: its answer decides what the device forgets. */}
      <Modal
        opened={confirming}
        onClose={() => busy !== "delete" && setConfirming(false)}
        title="Delete my account"
        centered
      >
        <Stack gap="sm">
          <Checkbox
            label="Also delete the builds I published"
            checked={withBuilds}
            onChange={(e) => setWithBuilds(e.currentTarget.checked)}
          />
          <Text size="sm" data-testid="delete-account-summary">{deletionSummary(withBuilds)}</Text>
          <Text size="sm" c="dimmed">This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" disabled={busy === "delete"} onClick={() => setConfirming(false)}>Cancel</Button>
            <Button color="red" loading={busy === "delete"} data-testid="confirm-delete-account" onClick={() => void remove()}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
