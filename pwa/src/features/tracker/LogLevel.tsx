/**
 * Beside the tracker's character: the level the game's log last gave it (features/guide/log), which runs
 * ahead of the official API's cached character while the player is levelling. Nothing when the log is not
 * followed or has not named this character.
 */
import { Badge } from "@mantine/core";
import { useEffect, useSyncExternalStore } from "react";
import { gameLogFollower } from "../guide/log/logFollower";
import { logLevelOf } from "../guide/log/logView";

export function LogLevel({ name }: { name: string }) {
  const follower = gameLogFollower();
  useEffect(() => follower.start(), [follower]);
  const log = useSyncExternalStore(follower.subscribe, follower.getSnapshot);
  const level = logLevelOf(log.state, name);
  if (level === null) return null;
  return (
    <Badge variant="light" color="teal" size="lg" data-testid="tracker-log-level">
      Level {level} in the game's log
    </Badge>
  );
}
