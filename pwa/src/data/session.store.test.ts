// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { getDb } from "./db";
import { CHARACTER_KEY, forgetIdentity, getSession, markExpired, mirrorSessionToDb, REALM_KEY, setRealm, storeIdentity, subscribeSession } from "./session";

describe("session store", () => {
  it("stores the identity and realm, mirrors them to Dexie, and forgets them on logout", async () => {
    const seen: boolean[] = [];
    const off = subscribeSession(() => seen.push(!!getSession().identity));
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01T00:00:00Z" }, "sony");
    expect(getSession()).toMatchObject({ identity: { displayName: "Exile" }, realm: "sony", expired: false });
    await mirrorSessionToDb();
    expect(await getDb().settings.get("identity")).toMatchObject({ value: { displayName: "Exile" } });
    expect(await getDb().settings.get("realm")).toMatchObject({ value: "sony" });

    forgetIdentity();
    off();
    expect(getSession().identity).toBeNull();
    expect(seen).toEqual([true, false]);
    await mirrorSessionToDb();
    expect(await getDb().settings.get("identity")).toMatchObject({ value: null });
  });

  it("clears the selected character when the realm changes", () => {
    setRealm("pc");
    localStorage.setItem(CHARACTER_KEY, "char-1");
    setRealm("pc");
    expect(localStorage.getItem(CHARACTER_KEY)).toBe("char-1");
    setRealm("xbox");
    expect(localStorage.getItem(CHARACTER_KEY)).toBeNull();
    expect(localStorage.getItem(REALM_KEY)).toBe("xbox");
  });

  it("opens the expired state once, and only for a logged-in user", () => {
    markExpired();
    expect(getSession().expired).toBe(false);
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01" }, "pc");
    let changes = 0;
    const off = subscribeSession(() => changes++);
    markExpired();
    markExpired();
    off();
    expect(getSession().expired).toBe(true);
    expect(changes).toBe(1);
  });
});
