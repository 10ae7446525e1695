// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CHARACTER_KEY, forgetIdentity, getSession, IDENTITY_KEY, markExpired, REALM_KEY, setRealm, storeIdentity, subscribeSession } from "./session";

describe("session store", () => {
  it("stores the identity and realm in local storage, and forgets them on logout", () => {
    const seen: boolean[] = [];
    const off = subscribeSession(() => seen.push(!!getSession().identity));
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01T00:00:00Z" }, "sony");
    expect(getSession()).toMatchObject({ identity: { displayName: "Exile" }, realm: "sony", expired: false });
    expect(JSON.parse(localStorage.getItem(IDENTITY_KEY)!)).toMatchObject({ displayName: "Exile" });
    expect(localStorage.getItem(REALM_KEY)).toBe("sony");

    forgetIdentity();
    off();
    expect(getSession().identity).toBeNull();
    expect(seen).toEqual([true, false]);
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
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
    forgetIdentity();
    expect(markExpired()).toBe(false);
    expect(getSession().expired).toBe(false);
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01" }, "pc");
    let changes = 0;
    const off = subscribeSession(() => changes++);
    expect(markExpired()).toBe(true);
    expect(markExpired()).toBe(false);
    off();
    expect(getSession().expired).toBe(true);
    expect(changes).toBe(1);
  });

  it("forgets the identity on a 401 (logout handler) but keeps the rest of local storage", () => {
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01" }, "xbox");
    localStorage.setItem(CHARACTER_KEY, "char-1");
    markExpired();
    expect(getSession()).toMatchObject({ identity: null, expired: true, realm: "xbox" });
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
    expect(localStorage.getItem(CHARACTER_KEY)).toBe("char-1");
    expect(localStorage.getItem(REALM_KEY)).toBe("xbox");
    // Signing in again closes the dialog.
    storeIdentity({ displayName: "Exile", expiresOn: "2099-01-01" }, "xbox");
    expect(getSession()).toMatchObject({ identity: { displayName: "Exile" }, expired: false });
  });
});
