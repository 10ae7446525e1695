import { Button } from "@mantine/core";
import { LoginPromptButton, usePendingChoice } from "../session/ToggleParts";
import { useSession } from "../session/useSession";
import { useFollows } from "./useFollows";

const Bell = ({ filled }: { filled: boolean }) => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * Follow / Following: shown at once, sent through the outbox (it waits there offline and is
 * replayed; the server sets the state, so a repeat changes nothing). `isFollowing` is what the
 * page knows from the server (undefined: not asked, e.g. on a card); the store's answer wins.
 * With `followers` the count shows beside it. Logged out it is a login prompt.
 */
export function FollowToggle({ buildId, isFollowing, followers, compact = false }: {
  buildId: string; isFollowing?: boolean; followers?: number; compact?: boolean;
}) {
  const { identity } = useSession();
  const store = useFollows();
  const [pending, sendFollow] = usePendingChoice(async (want: boolean) => (await import("../../data/sync")).setFollow(buildId, want));
  const following = store.following[buildId] ?? isFollowing ?? false;
  const count = store.followers[buildId] ?? followers;
  const countText = count === undefined ? "" : ` · ${count} ${count === 1 ? "follower" : "followers"}`;

  if (!identity) {
    return (
      <LoginPromptButton icon={<Bell filled={false} />} testId="follow-login" spoken="Log in to follow this build: ">
        {compact ? "Follow" : `Follow${countText}`}
      </LoginPromptButton>
    );
  }
  return (
    <Button
      size="xs"
      variant={following ? "light" : "subtle"}
      color={following ? "teal" : "gray"}
      leftSection={<Bell filled={following} />}
      disabled={pending !== null}
      data-testid="follow-toggle"
      data-following={following}
      aria-pressed={following}
      onClick={sendFollow(!following)}
    >
      {following ? "Following" : "Follow"}
      {!compact && <span data-testid="follower-count">{countText}</span>}
    </Button>
  );
}
