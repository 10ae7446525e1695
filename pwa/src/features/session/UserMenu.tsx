import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { setRealm } from "../../data/session";
import { REALMS, type Identity, type Realm } from "../../data/types";
import { LogoutDialog } from "./LogoutDialog";
import { RealmDialog } from "./RealmDialog";

/** The logged-in sidebar menu: display name, Change realm, Logout (with its confirm dialog). */
export default function UserMenu({ identity, realm, compact }: { identity: Identity; realm: Realm; compact: boolean }) {
  const navigate = useNavigate();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [changeRealm, setChangeRealm] = useState(false);
  const realmLabel = REALMS.find((r) => r.value === realm)?.label ?? "PC";
  // A dialog opened from the menu gives focus back to the menu's button: the item it was opened from is gone by then.
  const target = useRef<HTMLButtonElement>(null);
  const closeDialog = (close: () => void) => {
    close();
    target.current?.focus();
  };
  return (
    <>
      <Menu position="right-end" withinPortal>
        <Menu.Target>
          <UnstyledButton ref={target} data-testid="user-menu" px={compact ? 0 : "sm"} py={4}>
            {/* Named by its visible text (name and realm), after this prefix. */}
            <VisuallyHidden>User menu for </VisuallyHidden>
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
          {/* Its text in red-4: red-6 (the item colour "red") is 4.1:1 on the dropdown, under AA. */}
          <Menu.Item color="red" c="red.4" onClick={() => setConfirmLogout(true)} data-testid="logout">Logout</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LogoutDialog
        opened={confirmLogout}
        onClose={() => closeDialog(() => setConfirmLogout(false))}
        onLoggedOut={() => {
          setConfirmLogout(false);
          navigate("/");
        }}
      />
      <RealmDialog
        key={`realm-${changeRealm}`}
        opened={changeRealm}
        title="Change realm"
        action="Save"
        initial={realm}
        onClose={() => closeDialog(() => setChangeRealm(false))}
        onConfirm={(r) => {
          setRealm(r);
          closeDialog(() => setChangeRealm(false));
        }}
      />
    </>
  );
}
