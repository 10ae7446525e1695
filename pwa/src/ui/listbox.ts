/**
 * Props for a Mantine Select or MultiSelect whose open list scrolls: the listbox itself scrolls,
 * not a ScrollArea inside it. Screen readers and axe know a combobox's listbox (its options are
 * reached with the arrow keys while focus stays in the input); a scrolling box inside it is a
 * region no key can reach (axe scrollable-region-focusable, serious).
 */
export function scrollingListbox(maxHeight: number) {
  return {
    withScrollArea: false,
    styles: { options: { maxHeight, overflowY: "auto" as const } },
  };
}
