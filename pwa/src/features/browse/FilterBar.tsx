import { Box, Button, Group, MultiSelect, NativeSelect, NumberInput, Tabs, TextInput, type ComboboxItemGroup } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ascendancies, baseClasses, type ClassTable } from "../../data/classes";
import { useClassTable } from "../../data/useClassTable";
import { cleanMinimum, MAX_SKILL_FILTERS, MINIMUMS, SORT_OPTIONS, type BuildFilters, type SortBy } from "../../data/filters";
import { DESKTOP_QUERY, LAYOUT, stickyBar } from "../../app/theme";
import { ClassIcon } from "../../ui/ClassIcon";
import { scrollingListbox } from "../../ui/listbox";
import { StickyCover } from "../../ui/StickyCover";

interface Props {
  value: BuildFilters;
  onChange: (f: BuildFilters) => void;
  onSearch: () => void;
  onClear: () => void;
  /** A new sort order, applied at once (the other edits wait for Search). */
  onSort?: (sortBy: SortBy) => void;
  skillOptions: string[];
  showCreator: boolean;
  /**
   * False for the page's first render: the same bar with plain inputs in place of the two
   * comboboxes (which cost more to render than the first cards), inert, without test ids.
   * The page swaps in the working bar right after its first cards.
   */
  live?: boolean;
}

/** Class options grouped Selected, Base classes, Ascendancies (selected ones move to the top). */
export function classGroups(table: ClassTable | null, selected: string[]): ComboboxItemGroup<string>[] {
  const sel = new Set(selected);
  const groups: ComboboxItemGroup<string>[] = [];
  if (selected.length) groups.push({ group: "Selected", items: selected });
  groups.push({ group: "Base classes", items: baseClasses(table).filter((n) => !sel.has(n)) });
  groups.push({ group: "Ascendancies", items: ascendancies(table).map((a) => a.name).filter((n) => !sel.has(n)) });
  return groups;
}

/** A combobox's look for the first render: its label and placeholder, or its values as text. */
const Preview = ({ label, placeholder, values }: { label: string; placeholder: string; values: string[] }) => (
  <TextInput label={label} placeholder={placeholder} value={values.join(", ")} readOnly />
);

export function FilterBar({ value, onChange, onSearch, onClear, onSort, skillOptions, showCreator, live = true }: Props) {
  const table = useClassTable();
  const desktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, { getInitialValueInEffect: false });
  const id = (testId: string) => (live ? testId : undefined);
  const classes = !live ? (
    <Preview label="Classes" placeholder="Any class" values={value.classes} />
  ) : (
    <MultiSelect
      label="Classes"
      placeholder={value.classes.length ? undefined : "Any class"}
      data={classGroups(table, value.classes)}
      value={value.classes}
      onChange={(classes) => onChange({ ...value, classes })}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap"><ClassIcon name={option.value} table={table} />{option.value}</Group>
      )}
      searchable
      clearable
      data-testid="filter-classes"
      comboboxProps={{ withinPortal: true }}
      {...scrollingListbox(300)}
    />
  );
  const skills = !live ? (
    <Preview label="Skills" placeholder="Any skill" values={value.skills} />
  ) : (
    <MultiSelect
      label="Skills"
      placeholder={value.skills.length ? undefined : "Any skill"}
      data={[...new Set([...value.skills, ...skillOptions])]}
      value={value.skills}
      onChange={(skills) => onChange({ ...value, skills })}
      maxValues={MAX_SKILL_FILTERS}
      searchable
      clearable
      data-testid="filter-skills"
      limit={100}
      {...scrollingListbox(220)}
    />
  );
  const creator = showCreator && (
    <TextInput
      label="Creator"
      placeholder="Creator name"
      value={value.creator}
      onChange={(e) => onChange({ ...value, creator: e.currentTarget.value })}
      onKeyDown={(e) => e.key === "Enter" && onSearch()}
      data-testid={id("filter-creator")}
    />
  );
  // Issue 35: orders and minimums by the planner's saved figures (its export's numbers, not ours).
  const sort = (
    <NativeSelect
      label="Sort by"
      description="DPS, life, ES: the planner's figures"
      data={SORT_OPTIONS}
      value={value.sortBy ?? "likes"}
      onChange={(e) => {
        const sortBy = e.currentTarget.value as SortBy;
        onChange({ ...value, sortBy });
        onSort?.(sortBy);
      }}
      data-testid={id("filter-sort")}
    />
  );
  const minimums = MINIMUMS.map((m) => (
    <NumberInput
      key={m.key}
      label={m.label}
      placeholder="Any"
      min={0}
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=","
      hideControls
      inputMode="numeric"
      value={value[m.key] ?? ""}
      onChange={(v) => onChange({ ...value, [m.key]: cleanMinimum(v) })}
      onKeyDown={(e) => e.key === "Enter" && onSearch()}
      data-testid={id(`filter-${m.key}`)}
    />
  ));
  const buttons = (
    <Group gap="xs" wrap="nowrap">
      <Button onClick={onSearch} data-testid={id("filter-search")}>Search</Button>
      <Button variant="default" onClick={onClear} data-testid={id("filter-clear")}>Clear</Button>
    </Group>
  );

  return (
    <Box data-testid={id("filter-bar")} style={stickyBar(LAYOUT.stickyTopPx)} py="sm" inert={!live}>
      <StickyCover top={LAYOUT.stickyTopPx} />
      {desktop ? (
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Box w={280}>{classes}</Box>
          <Box w={320}>{skills}</Box>
          {creator && <Box w={200}>{creator}</Box>}
          <Box w={230}>{sort}</Box>
          {minimums.map((input, i) => <Box key={i} w={i === 2 ? 150 : 120}>{input}</Box>)}
          {buttons}
        </Group>
      ) : (
        <Tabs defaultValue="classes" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="classes">Classes</Tabs.Tab>
            <Tabs.Tab value="skills">Skills</Tabs.Tab>
            {showCreator && <Tabs.Tab value="creator">Creator</Tabs.Tab>}
            <Tabs.Tab value="sort" data-testid={id("filter-tab-sort")}>Sort</Tabs.Tab>
          </Tabs.List>
          <Box pt="xs">
            <Tabs.Panel value="classes">{classes}</Tabs.Panel>
            <Tabs.Panel value="skills">{skills}</Tabs.Panel>
            {showCreator && <Tabs.Panel value="creator">{creator}</Tabs.Panel>}
            <Tabs.Panel value="sort">
              {sort}
              <Group gap="xs" grow wrap="nowrap" pt="xs">{minimums}</Group>
            </Tabs.Panel>
          </Box>
          <Box pt="xs">{buttons}</Box>
        </Tabs>
      )}
    </Box>
  );
}
