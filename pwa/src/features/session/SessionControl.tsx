import { Badge, Button, Text, Tooltip } from "@mantine/core";
import { lazy, Suspense } from "react";
import { loginDialog } from "./actions";
import { usePendingCount, useSession } from "./useSession";

const UserMenu = lazy(() => import("./UserMenu"));

/** Count of outbox entries waiting to reach the server; nothing when all is synced. */
export function PendingSyncBadge({ compact, testId = "pending-sync" }: { compact: boolean; testId?: string }) {
  const pending = usePendingCount();
  if (pending <= 0) return null;
  return (
    <Tooltip label="Changes waiting to sync with the server">
      <Badge size="sm" color="orange" variant="light" data-testid={testId} aria-label={`${pending} pending sync`}>
        {compact ? pending : `${pending} pending sync`}
      </Badge>
    </Tooltip>
  );
}

/** Sidebar session area: Login (realm dialog) when logged out, the user menu when logged in. */
export function SessionControl({ compact }: { compact: boolean }) {
  const { identity, realm } = useSession();

  return (
    <>
      <PendingSyncBadge compact={compact} />
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
