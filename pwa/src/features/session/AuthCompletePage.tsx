import { Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { parseAuthCompletion, storeIdentity } from "../../data/session";

async function restoreAndSync(account: string): Promise<void> {
  const [{ getDb }, { restoreParked }, { syncNow }] = await Promise.all([
    import("../../data/db"),
    import("../../data/parked"),
    import("../../data/sync"),
  ]);
  if (await restoreParked(getDb(), account)) await syncNow();
}

/** Where the sign-in flow lands: stores the identity and realm, then goes to returnPath. */
export default function AuthCompletePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const done = parseAuthCompletion(params);
    if (!done) {
      console.error("auth completion is missing displayName, expiresOn or initialRealm");
      setFailed(true);
      return;
    }
    storeIdentity(done.identity, done.realm);
    const account = done.identity.account;
    // Changes this account left unsynced at its last logout on this device go out now.
    if (account) void restoreAndSync(account);
    navigate(done.returnPath, { replace: true });
  }, [params, navigate]);

  return (
    <Center mih={240}>
      <Stack align="center" role="status">
        {!failed && <Loader />}
        <Text data-testid="auth-complete">Completing authentication...</Text>
      </Stack>
    </Center>
  );
}
