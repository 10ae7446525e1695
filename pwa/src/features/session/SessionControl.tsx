import { Button } from "@mantine/core";

/**
 * Sidebar session area. Placeholder until the session feature lands: the
 * logged-out Login button (opens the realm dialog) or the user menu.
 */
export function SessionControl({ compact }: { compact: boolean }) {
  return (
    <Button variant="light" size="xs" fullWidth={!compact} data-testid="login-button">
      {compact ? "In" : "Login"}
    </Button>
  );
}
