/** What the Character and Compare tabs show when the character data is missing (spec §8). */
import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { DetailState } from "./useCharacterDetail";

/** Character tab: loading skeleton, 'Too many requests', or 'Failed to fetch player data' with Try again. */
export function CharacterDataMissing({ detail, onRetry }: { detail: DetailState; onRetry: () => void }) {
  if (detail.loading) return <Skeleton h={160} data-testid="character-skeleton" />;
  if (detail.failure?.kind === "rateLimited")
    return (
      <Alert color="red" title="Too many requests" data-testid="character-too-many">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{detail.failure.retryIn ? `Retry in again ${detail.failure.retryIn} seconds` : "Please try reloading the page shorty"}</Text>
          <Button size="xs" variant="light" onClick={onRetry} data-testid="character-try-again">Try again</Button>
        </Stack>
      </Alert>
    );
  return (
    <Alert color="red" title="Failed to fetch player data" data-testid="character-failed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Please try again later.</Text>
        <Button size="xs" variant="light" onClick={onRetry} data-testid="character-try-again">Try again</Button>
      </Stack>
    </Alert>
  );
}

/** Compare tab without character data. */
export function CompareUnavailable() {
  return (
    <Alert color="gray" data-testid="compare-unavailable">
      <Text size="sm">Unable to compare without character data.</Text>
      <Text size="sm" c="gray.5">Open the Character tab to try again.</Text>
    </Alert>
  );
}
