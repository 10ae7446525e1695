import { Button, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useSyncExternalStore } from "react";
import { api, onUnauthorized } from "../../data/api";
import { getSession, markExpired } from "../../data/session";
import { login, loginDialog } from "./actions";
import { RealmDialog } from "./RealmDialog";
import { useSession } from "./useSession";

/**
 * App-wide session pieces: the one 'Session expired' dialog a 401 opens, the
 * Realm Selection dialog behind every Login button, and the sync engine start.
 */
export function SessionGuards() {
  const { expired, realm } = useSession();
  const loginOpen = useSyncExternalStore(loginDialog.subscribe, loginDialog.get);

  useEffect(() => {
    const off = onUnauthorized(() => markExpired());
    // A session the server revoked while the app was closed shows at once.
    if (getSession().identity) api.get("/auth/me", { retries: 0 }).catch(() => undefined);
    import("../../data/sync").then((m) => m.startSync(), (err) => console.error("sync engine failed to load", err));
    return () => void off();
  }, []);

  return (
    <>
      <Modal
        opened={expired}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title="Session expired"
        centered
        data-testid="session-expired"
      >
        <Stack>
          <Text>Your session has ended. Please log in again to continue.</Text>
          <Button onClick={() => login(getSession().realm)} data-testid="relogin">Re-login</Button>
        </Stack>
      </Modal>
      <RealmDialog
        key={`login-${loginOpen}`}
        opened={loginOpen && !expired}
        title="Realm Selection"
        action="Login"
        initial={realm}
        onClose={loginDialog.close}
        onConfirm={async (r) => {
          await login(r);
        }}
      />
    </>
  );
}
