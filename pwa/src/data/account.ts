/**
 * The player's own data on the server: download everything it keeps about them (one JSON
 * file) and delete the account (GET /api/account/export, POST /api/account/delete).
 * Deleting also forgets the account on this device, as a logout does, but keeps nothing for
 * later: the account is gone, so its unsynced changes have nowhere to go.
 */
import { api } from "./api";
import type { AccountDeleted, AccountExport } from "./types";

export const EXPORT_FILE_NAME = "waypoint-account.json";

export function fetchAccountExport(): Promise<AccountExport> {
  return api.get<AccountExport>("/account/export", { retries: 0 });
}

/** The download's contents: the server's answer as readable JSON. */
export function exportFileText(data: AccountExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

export function deleteAccountOnServer(deleteBuilds: boolean): Promise<AccountDeleted> {
  return api.post<AccountDeleted>("/account/delete", { deleteBuilds }, { retries: 0 });
}

/** What the confirmation says will happen. */
export function deletionSummary(deleteBuilds: boolean): string {
  return deleteBuilds
    ? "Your account, likes, tracked characters and every build you published are deleted. Links to your builds will say they were deleted."
    : "Your account, likes and tracked characters are deleted. Your published builds stay public under the name they were published with.";
}

/** After the server deleted the account: this device's copy of it goes too. */
export async function forgetDeletedAccount(): Promise<void> {
  const { getDb, clearUserData } = await import("./db");
  await clearUserData(getDb());
  const { forgetIdentity } = await import("./session");
  forgetIdentity();
}
