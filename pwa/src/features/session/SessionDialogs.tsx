import { Button, Modal, Stack, Text } from "@mantine/core";
import { getSession } from "../../data/session";
import { login, loginDialog } from "./actions";
import { RealmDialog } from "./RealmDialog";
import { useSession } from "./useSession";

/** The 'Session expired' dialog and the Realm Selection dialog (loaded when one opens). */
export default function SessionDialogs({ loginOpen }: { loginOpen: boolean }) {
  const { expired, realm } = useSession();
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
