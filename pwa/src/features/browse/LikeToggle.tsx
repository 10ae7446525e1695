import { Button, VisuallyHidden } from "@mantine/core";
import { formatLikes } from "../../data/likes";
import { LoginPromptButton, usePendingChoice } from "../session/ToggleParts";
import { useSession } from "../session/useSession";
import { useEffectiveLike } from "./useLikes";

const Heart = ({ filled }: { filled: boolean }) => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6C19 16.5 12 21 12 21z" />
  </svg>
);

/**
 * The like toggle: optimistic, disabled while pending. The choice shows in the
 * same render that disables the toggle (the live query sees the outbox entry
 * only a few ticks later, or not at all before it starts when idle); after that
 * the live overrides show it: the pending outbox entry, or the override once the
 * server accepted it. The like waits in the outbox when the server cannot be reached.
 * Logged out it is a login prompt.
 */
export function LikeToggle({ buildId, likes, isLiked }: { buildId: string; likes: number; isLiked: boolean }) {
  const { identity } = useSession();
  // The like asked for while it is pending (null when none is).
  const [intent, sendLike] = usePendingChoice(async (want: boolean) => (await import("../../data/sync")).setLike(buildId, want));
  const shown = useEffectiveLike(buildId, { likes, isLiked }, intent);

  if (!identity) {
    return (
      // The accessible name holds the visible count too (WCAG 2.5.3 label in name).
      <LoginPromptButton icon={<Heart filled={false} />} testId="like-login" spoken="Log in to like this build, likes: ">
        {formatLikes(likes)}
      </LoginPromptButton>
    );
  }
  const liked = shown.isLiked;
  const pending = intent !== null;
  return (
    <Button
      size="xs"
      variant={liked ? "light" : "subtle"}
      color={liked ? "red" : "gray"}
      leftSection={<Heart filled={liked} />}
      disabled={pending}
      data-testid="like-toggle"
      data-liked={liked}
      data-pending={pending}
      aria-pressed={liked}
      onClick={sendLike(!liked)}
    >
      <VisuallyHidden>{liked ? "Unlike" : "Like"}, likes: </VisuallyHidden>
      <span data-testid="like-count">{formatLikes(shown.likes)}</span>
    </Button>
  );
}
