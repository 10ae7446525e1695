import { Badge, Button, Text, Tooltip } from "@mantine/core";
import { lazy, Suspense } from "react";
import { loginDialog } from "./actions";
import { usePendingCount, useSession } from "./useSession";

const UserMenu = lazy(() => import("./UserMenu"));

/** Sidebar session area: Login (realm dialog) when logged out, the user menu when logged in. */
export function SessionControl({ compact }: { compact: boolean }) {
  const { identity, realm } = useSession();
  const pending = usePendingCount();

  const pendingBadge = pending > 0 && (
    <Tooltip label="Changes waiting to sync with the server">
      <Badge size="sm" color="orange" variant="light" data-testid="pending-sync" aria-label={`${pending} pending sync`}>
        {compact ? pending : `${pending} pending sync`}
      </Badge>
    </Tooltip>
  );

  return (
    <>
      {pendingBadge}
      {identity ? (
        <Suspense fallback={<Text size="sm" fw={600} truncate>{identity.displayName}</Text>}>
          <UserMenu identity={identity} realm={realm} compact={compact} />
        </Suspense>
      ) : (
        <Button variant="light" size="xs" fullWidth={!compact} data-testid="login-button" onClick={loginDialog.open}>
          {compact ? "In" : "Login"}
        </Button>
      )}
    </>
  );
}
