/**
 * The character picker (spec §2): a searchable combo grouped by league,
 * standard leagues last, Refetch in the header, max list height 200.
 */
import { Avatar, Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { useId, useMemo } from "react";
import { baseClassOf, classColor } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import { ClassIcon } from "../../ui/ClassIcon";
import { scrollingListbox } from "../../ui/listbox";
import type { CharacterSummary } from "../../data/types";
import { groupCharacters } from "./characterList";
import { timeAgo } from "./timing";
import type { CharactersState } from "./useCharacters";

export const DROPDOWN_MAX_HEIGHT = 200;

interface Props {
  chars: CharactersState;
  value: string | null;
  onChange: (id: string | null) => void;
  /** The attach dialog shows only this base class. */
  baseClass?: string;
  label?: string;
}

/** The character's class or ascendancy icon (cut from the tree art), else letters on its colour. */
export function ClassAvatar({ cls }: { cls: string }) {
  const table = useClassTable();
  const letters = (
    <Avatar size={24} radius="xl" color={classColor(table, cls)} aria-hidden>
      {(baseClassOf(table, cls) ?? cls).slice(0, 2)}
    </Avatar>
  );
  return <ClassIcon name={cls} table={table} size={24} fallback={letters} />;
}

function Option({ c }: { c: CharacterSummary }) {
  const table = useClassTable();
  return (
    <Group gap={8} wrap="nowrap" data-testid="character-option">
      <ClassAvatar cls={c.class} />
      <Text size="sm" style={{ flex: 1 }}>{c.name}</Text>
      <Text size="xs" c="gray.5">Lvl {c.level}</Text>
      <Badge size="sm" variant="light" color={classColor(table, c.class)}>{c.class}</Badge>
    </Group>
  );
}

export function CharacterPicker({ chars, value, onChange, baseClass, label = "Character" }: Props) {
  const table = useClassTable();
  const groups = useMemo(() => groupCharacters(table, chars.characters, { baseClass }), [table, chars.characters, baseClass]);
  const byId = useMemo(() => new Map(chars.characters.map((c) => [c.id, c])), [chars.characters]);
  // Two pickers can be on one page (a Character tab and the attach dialog).
  const inputId = `character-select-${useId().replace(/:/g, "")}`;
  const data = groups.map((g) => ({ group: g.league, items: g.characters.map((c) => ({ value: c.id, label: `${c.name} (${c.class}, ${c.level})` })) }));
  return (
    <Stack gap={4} data-testid="character-picker">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500} component="label" htmlFor={inputId}>{label}</Text>
        <Button size="compact-xs" variant="subtle" onClick={chars.refetch} disabled={chars.cooling || chars.loading} data-testid="characters-refetch">
          Refetch
        </Button>
      </Group>
      <Select
        id={inputId}
        aria-label={label}
        placeholder="Please select a character"
        nothingFoundMessage="No characters found"
        data={data}
        value={value && byId.has(value) ? value : null}
        onChange={onChange}
        searchable
        clearable
        {...scrollingListbox(DROPDOWN_MAX_HEIGHT)}
        renderOption={({ option }) => {
          const c = byId.get(option.value);
          return c ? <Option c={c} /> : option.label;
        }}
        comboboxProps={{ withinPortal: true }}
        disabled={chars.loading && !chars.characters.length}
        data-testid="character-select"
      />
      {chars.fromCache && chars.savedAt && (
        <Text size="xs" c="orange" data-testid="characters-age">Offline: characters as of {timeAgo(chars.savedAt, Date.now())}</Text>
      )}
      {!chars.loading && chars.failure?.kind === "failed" && !chars.characters.length && (
        <Text size="xs" c="red" data-testid="characters-failed">Failed to fetch player data. Please try again later.</Text>
      )}
      {chars.failure?.kind === "rateLimited" && (
        <Text size="xs" c="red" data-testid="characters-rate-limited">Too many requests. Retry in again {chars.failure.retryIn} seconds</Text>
      )}
    </Stack>
  );
}
