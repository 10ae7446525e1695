/**
 * A Character tab of the build view with no player data yet: logged out, a
 * login prompt; logged in, the character picker (the choice is the tracker's
 * selected character too); while the list loads, a skeleton.
 */
import { Box, Button, Skeleton, Stack, Text } from "@mantine/core";
import { loginDialog } from "../session/actions";
import { CharacterPicker } from "../tracker/CharacterPicker";
import type { ViewCharacter } from "./useViewCharacter";

export function CharacterPrompt({ me, what }: { me: ViewCharacter; what: string }) {
  if (!me.identity) {
    return (
      <Stack gap="xs" align="flex-start" data-testid="character-login-prompt">
        <Text c="gray.5">Log in and select a character to see its {what} beside this build.</Text>
        <Button variant="light" onClick={loginDialog.open}>Log in</Button>
      </Stack>
    );
  }
  if (me.chars.loading && !me.chars.characters.length) return <Skeleton h={60} maw={420} data-testid="characters-skeleton" role="status" aria-label="Loading characters" />;
  return (
    <Stack gap="xs" data-testid="character-select-prompt">
      <Text c="gray.5">Select one of your characters to see its {what} beside this build.</Text>
      <Box maw={420}>
        <CharacterPicker chars={me.chars} value={null} onChange={me.select} label="Please select a character" />
      </Box>
    </Stack>
  );
}
