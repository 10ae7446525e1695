// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { deleteAccountOnServer, deletionSummary, exportFileText, fetchAccountExport } from "./account";
import { api, ApiRequestError } from "./api";
import { serverForThisFile, signIn } from "./test/realServer";
import type { AccountExport } from "./types";

const server = serverForThisFile({ builds: 3 });

describe("the player's own data against the real server", () => {
  it("downloads what the server keeps: the account and its likes", async () => {
    await signIn("Exporter");
    const build = server.current.buildIds[0];
    await api.post(`/Build/${build}/like`, { like: true });
    const data = await fetchAccountExport();
    expect(data.account).toMatchObject({ provider: "local", accountName: "exporter", displayName: "Exporter", hasPassword: true });
    expect(data.likes.map((l) => l.buildId)).toEqual([build]);
    expect(data.sessions.length).toBe(1);
    const text = exportFileText(data);
    expect(JSON.parse(text) as AccountExport).toEqual(data);
  });

  it("deletes the account: signed out after, and the like is gone", async () => {
    await signIn("Leaver");
    const build = server.current.buildIds[1];
    await api.post(`/Build/${build}/like`, { like: true });
    expect(await deleteAccountOnServer(true)).toEqual({ buildsDeleted: 0, buildsKept: 0 });
    await expect(fetchAccountExport()).rejects.toMatchObject({ status: 401 });
    const info = await api.get<{ buildInfo: { likes: number } }>(`/Build/${build}`);
    expect(info.buildInfo.likes).toBe(0);
  });

  it("refuses a deletion without a session", async () => {
    const err = await deleteAccountOnServer(false).catch((e) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(401);
  });

  it("says what a deletion does, with and without the builds", () => {
    expect(deletionSummary(true)).toMatch(/every build you published are deleted/);
    expect(deletionSummary(false)).toMatch(/stay public/);
  });
});
