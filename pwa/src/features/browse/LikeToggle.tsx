import { Button } from "@mantine/core";
import { useState } from "react";
import { formatLikes } from "../../data/likes";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { useEffectiveLike } from "./useLikes";

const Heart = ({ filled }: { filled: boolean }) => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6C19 16.5 12 21 12 21z" />
  </svg>
);

/**
 * The like toggle: optimistic (the pending outbox entry shows at once, the
 * override once the server accepted it), disabled while pending; the like
 * waits in the outbox when the server cannot be reached.
 * Logged out it is a login prompt.
 */
export function LikeToggle({ buildId, likes, isLiked }: { buildId: string; likes: number; isLiked: boolean }) {
  const { identity } = useSession();
  const shown = useEffectiveLike(buildId, { likes, isLiked });
  const [pending, setPending] = useState(false);

  if (!identity) {
    return (
      <Button size="xs" variant="subtle" color="gray" leftSection={<Heart filled={false} />} data-testid="like-login"
        aria-label="Log in to like this build" onClick={(e) => { e.stopPropagation(); e.preventDefault(); loginDialog.open(); }}>
        {formatLikes(likes)}
      </Button>
    );
  }
  const liked = shown.isLiked;
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
      aria-label={liked ? "Unlike" : "Like"}
      onClick={async (e) => {
        e.stopPropagation();
        e.preventDefault();
        setPending(true);
        try {
          const { setLike } = await import("../../data/sync");
          await setLike(buildId, !liked);
        } catch (err) {
          console.error("like failed", err);
        } finally {
          setPending(false);
        }
      }}
    >
      <span data-testid="like-count">{formatLikes(shown.likes)}</span>
    </Button>
  );
}
