import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "./api";
import { clearUserData, openDb, type WaypointDb } from "./db";
import { likeIntent, Outbox } from "./outbox";
import { parkOutbox, restoreParked } from "./parked";
import { unsyncedText } from "../features/session/unsynced";

let dbs: WaypointDb[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});
function db() {
  const d = openDb(`parked-test-${Math.random()}`);
  dbs.push(d);
  return d;
}
const offline = () => Promise.reject(new ApiRequestError({ kind: "network" }, "network", "offline"));

describe("parked outbox", () => {
  it("keeps an account's unsynced changes through logout and replays them, same keys, at its next sign-in", async () => {
    const d = db();
    const box = new Outbox(d, offline);
    await box.enqueue(likeIntent("a", true));
    await box.enqueue(likeIntent("b", false));
    const keys = (await box.pending()).map((e) => e.idempotencyKey);
    expect((await box.flush()).remaining).toBe(2);

    expect(await parkOutbox(d, "local:1")).toBe(2);
    await clearUserData(d); // logout clears every cache, not the parked table
    expect(await box.count()).toBe(0);

    // Another account signing in on this device does not get them.
    expect(await restoreParked(d, "local:2")).toBe(0);
    expect(await box.count()).toBe(0);

    expect(await restoreParked(d, "local:1")).toBe(2);
    const sent: string[] = [];
    const online = new Outbox(d, async (e) => void sent.push(`${e.path} ${e.idempotencyKey}`));
    expect((await online.flush()).remaining).toBe(0);
    expect(sent).toEqual([`/Build/a/like ${keys[0]}`, `/Build/b/like ${keys[1]}`]);
    expect(await d.parked.count()).toBe(0);
  });

  it("lets a newer intent queued since win over a parked one", async () => {
    const d = db();
    const box = new Outbox(d, offline);
    await box.enqueue(likeIntent("a", true));
    await parkOutbox(d, "local:1");
    await box.enqueue(likeIntent("a", false));
    await restoreParked(d, "local:1");
    expect((await box.pending()).map((e) => e.body)).toEqual([{ like: false }]);
  });

  it("says how many changes wait", () => {
    expect(unsyncedText(1)).toBe("1 change has not synced yet.");
    expect(unsyncedText(3)).toBe("3 changes have not synced yet.");
  });
});
