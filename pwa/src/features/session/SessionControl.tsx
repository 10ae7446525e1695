import { Badge, Button, Group, Menu, Modal, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router-dom";
import { setRealm } from "../../data/session";
import { REALMS } from "../../data/types";
import { loginDialog, logout } from "./actions";
import { RealmDialog } from "./RealmDialog";
import { usePendingCount, useSession } from "./useSession";

/** Sidebar session area: Login (realm dialog) when logged out, the user menu when logged in. */
export function SessionControl({ compact }: { compact: boolean }) {
  const { identity, realm } = useSession();
  const navigate = useNavigate();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [changeRealm, setChangeRealm] = useState(false);
  const pending = usePendingCount();
  useSyncExternalStore(loginDialog.subscribe, loginDialog.get);

  const pendingBadge = pending > 0 && (
    <Tooltip label="Changes waiting to sync with the server">
      <Badge size="sm" color="orange" variant="light" data-testid="pending-sync" aria-label={`${pending} pending sync`}>
        {compact ? pending : `${pending} pending sync`}
      </Badge>
    </Tooltip>
  );

  if (!identity) {
    return (
      <>
        {pendingBadge}
        <Button variant="light" size="xs" fullWidth={!compact} data-testid="login-button" onClick={loginDialog.open}>
          {compact ? "In" : "Login"}
        </Button>
      </>
    );
  }

  const realmLabel = REALMS.find((r) => r.value === realm)?.label ?? "PC";
  return (
    <>
      {pendingBadge}
      <Menu position="right-end" withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu" aria-label={`User menu for ${identity.displayName}`} px={compact ? 0 : "sm"} py={4}>
            <Group gap={6} wrap="nowrap" justify={compact ? "center" : "flex-start"}>
              <Text size="sm" fw={600} truncate maw={compact ? 60 : 100} data-testid="user-name">
                {identity.displayName}
              </Text>
              {!compact && <Badge size="xs" variant="outline">{realmLabel}</Badge>}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{identity.displayName}</Menu.Label>
          <Menu.Item onClick={() => setChangeRealm(true)} data-testid="change-realm">Change realm</Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirmLogout(true)} data-testid="logout">Logout</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirmLogout} onClose={() => setConfirmLogout(false)} title="Logout" centered>
        <Text mb="md">Are you sure you want to log out?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmLogout(false)}>Cancel</Button>
          <Button
            color="red"
            data-testid="confirm-logout"
            onClick={async () => {
              setConfirmLogout(false);
              await logout();
              navigate("/");
            }}
          >
            Logout
          </Button>
        </Group>
      </Modal>
      <RealmDialog
        key={`realm-${changeRealm}`}
        opened={changeRealm}
        title="Change realm"
        action="Save"
        initial={realm}
        onClose={() => setChangeRealm(false)}
        onConfirm={(r) => {
          setRealm(r);
          setChangeRealm(false);
        }}
      />
    </>
  );
}
