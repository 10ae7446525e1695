/** The logout dialog's wording for changes that have not reached the server yet. */
export function unsyncedText(count: number): string {
  return count === 1 ? "1 change has not synced yet." : `${count} changes have not synced yet.`;
}
