/**
 * Beside the tracker's character: the level the game's log last gave it (features/guide/log), which runs
 * ahead of the official API's cached character while the player is levelling, live while the tracker is open
 * (the Campaign Guide need not be). On a later visit the browser asks again for read permission: the same one
 * click as in the guide. Nothing when the log is not followed or has not named this character.
 */
import { Badge, Button, Group } from "@mantine/core";
import { gameLogFollower } from "../guide/log/logFollower";
import { useFollowedLog } from "../guide/log/useFollowedLog";
import { logLevelOf } from "../guide/log/logView";

export function LogLevel({ name }: { name: string }) {
  // Live with or without a guide on screen: the follower reads while this subscribes.
  const log = useFollowedLog();
  const level = logLevelOf(log.state, name);
  if (level === null) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" color="teal" size="lg" data-testid="tracker-log-level">
        Level {level} in the game's log
      </Badge>
      {log.phase === "needs-permission" && (
        <Button size="xs" variant="light" onClick={() => void gameLogFollower().resume()} data-testid="tracker-log-resume">
          Resume following {log.fileName ?? "the game"}
        </Button>
      )}
    </Group>
  );
}
