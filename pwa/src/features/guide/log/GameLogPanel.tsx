/** "Follow the game": the strip above the guide's steps (state and words come from useGameLog and logView). */
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { GameLogView } from "./useGameLog";
import { actTimes, characterLine, shownCharacter } from "./logView";

export function GameLogPanel({ log, boundTo, bind, pick, resume, stop }: GameLogView) {
  const { phase, fileName, state, message } = log;
  if (phase === "loading") return null;
  if (phase === "unsupported")
    return (
      <Text size="xs" c="dimmed" data-testid="guide-log-unsupported">
        Following the game needs desktop Chrome or Edge: this browser cannot read the game&apos;s log, so use Next to move through the steps.
      </Text>
    );

  const character = shownCharacter(state, boundTo);
  const playing = state?.current ?? null;
  const acts = character ? actTimes(character) : [];
  return (
    <Paper withBorder p="xs" data-testid="guide-log" data-phase={phase}>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          {(phase === "idle" || phase === "error") && (
            <>
              <Button size="xs" onClick={pick}>
                Follow the game
              </Button>
              <Text size="xs" c="dimmed">
                Pick Client.txt in the game&apos;s logs folder and the guide moves to each area you enter. It is read on this device only.
              </Text>
            </>
          )}
          {phase === "needs-permission" && (
            <>
              <Button size="xs" onClick={resume}>
                Resume following {fileName ?? "the game"}
              </Button>
              <Text size="xs" c="dimmed">
                The browser asks once per visit before the log is read again.
              </Text>
            </>
          )}
          {phase === "following" && (
            <>
              <Text size="sm" data-testid="guide-log-following">
                Following {fileName}
              </Text>
              <Button size="xs" variant="default" onClick={stop}>
                Stop following
              </Button>
            </>
          )}
        </Group>
        {message && (
          <Text size="xs" c="red.4" role="status">
            {message}
          </Text>
        )}
        {character && (
          <Group gap="sm" wrap="wrap">
            <Badge variant="light" size="lg" tt="none" data-testid="guide-log-character">
              {characterLine(character)}
            </Badge>
            <Text size="sm" data-testid="guide-log-deaths">
              Deaths: {character.deaths}
            </Text>
            {acts.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="guide-log-acts">
                {acts.map((a) => `Act ${a.act} ${a.time}`).join(" · ")}
              </Text>
            )}
          </Group>
        )}
        {playing && boundTo === null && (
          <Group gap="sm">
            <Button size="xs" variant="light" onClick={() => bind(playing)} data-testid="guide-log-bind">
              Bind progress to {playing}
            </Button>
            <Text size="xs" c="dimmed">
              Until then the guide follows whoever is playing.
            </Text>
          </Group>
        )}
        {boundTo !== null && (
          <Group gap="sm">
            <Text size="xs" data-testid="guide-log-bound">
              Progress follows {boundTo}
              {playing && playing !== boundTo ? `; the game is on ${playing}, so the guide waits` : ""}.
            </Text>
            <Button size="xs" variant="subtle" onClick={() => bind(null)}>
              Unbind
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
