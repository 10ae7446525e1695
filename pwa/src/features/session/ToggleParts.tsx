/**
 * What the build toggles (Like, Follow) share: logged out, a login prompt in the toggle's place; logged
 * in, a click that sends one choice at a time. Both sit on cards that are links, so a click stops there.
 */
import { Button, VisuallyHidden } from "@mantine/core";
import { useState, type MouseEvent, type ReactNode } from "react";
import { loginDialog } from "./actions";

/** The toggle's place when logged out: it opens the login dialog. `spoken` starts its accessible name. */
export function LoginPromptButton({ icon, testId, spoken, children }: { icon: ReactNode; testId: string; spoken: string; children: ReactNode }) {
  return (
    <Button size="xs" variant="subtle" color="gray" leftSection={icon} data-testid={testId}
      onClick={(e) => { e.stopPropagation(); e.preventDefault(); loginDialog.open(); }}>
      <VisuallyHidden>{spoken}</VisuallyHidden>
      {children}
    </Button>
  );
}

/**
 * The choice being sent (null when none is) and the click handler that sends one: the choice shows at
 * once, and the toggle is disabled until `send` settles. A failure is logged; the outbox keeps what it took.
 */
export function usePendingChoice<T>(send: (choice: T) => Promise<unknown>): [T | null, (choice: T) => (e: MouseEvent) => Promise<void>] {
  const [pending, setPending] = useState<T | null>(null);
  const click = (choice: T) => async (e: MouseEvent) => {
    e.stopPropagation();
    e.preventDefault();
    setPending(choice);
    try {
      await send(choice);
    } catch (err) {
      console.error("sending the choice failed", err);
    } finally {
      setPending(null);
    }
  };
  return [pending, click];
}
