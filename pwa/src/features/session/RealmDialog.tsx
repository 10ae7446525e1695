import { Button, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useLayoutEffect, useRef, useState } from "react";
import { REALMS, type Realm } from "../../data/types";

interface Props {
  opened: boolean;
  title: string;
  action: string;
  initial: Realm;
  onClose: () => void;
  onConfirm: (realm: Realm) => void | Promise<void>;
}

/** Realm Selection: the platform to sign in for (or to switch to). */
export function RealmDialog({ opened, title, action, initial, onClose, onConfirm }: Props) {
  const [realm, setRealm] = useState<Realm>(initial);
  const [busy, setBusy] = useState(false);
  // This dialog is often mounted already open (SessionDialogs loads with it; the user menu remounts it for each
  // opening), and Mantine's Modal then does not know what had focus: closing it gives focus back to that control here.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [opened]);
  const close = () => {
    onClose();
    if (opener.current?.isConnected) opener.current.focus();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered data-testid="realm-dialog">
      <Stack>
        <Text size="sm" c="dimmed">Choose the platform you play on.</Text>
        <SegmentedControl
          value={realm}
          onChange={(v) => setRealm(v as Realm)}
          data={REALMS.map((r) => ({ value: r.value, label: r.label }))}
          aria-label="Realm"
        />
        <Button
          loading={busy}
          data-testid="realm-dialog-confirm"
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm(realm);
            } finally {
              setBusy(false);
            }
          }}
        >
          {action}
        </Button>
      </Stack>
    </Modal>
  );
}
