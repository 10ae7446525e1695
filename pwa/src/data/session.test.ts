import { describe, expect, it } from "vitest";
import { isExpired, parseAuthCompletion, parseIdentity, parseRealm, safeReturnPath } from "./session";

describe("session", () => {
  it("completes authentication from the query", () => {
    const done = parseAuthCompletion(new URLSearchParams("returnPath=%2Fbuild%2Fbrowse%2Fliked&displayName=Exile&expiresOn=2030-01-01T00%3A00%3A00Z&initialRealm=xbox"));
    expect(done).toEqual({ identity: { displayName: "Exile", expiresOn: "2030-01-01T00:00:00Z" }, realm: "xbox", returnPath: "/build/browse/liked" });
  });

  it("falls back to pc for an unknown realm", () => {
    expect(parseAuthCompletion(new URLSearchParams("displayName=a&expiresOn=2030-01-01&initialRealm=switch"))?.realm).toBe("pc");
    expect(parseRealm(undefined)).toBe("pc");
  });

  it("needs displayName, expiresOn and initialRealm", () => {
    expect(parseAuthCompletion(new URLSearchParams("displayName=a&expiresOn=2030-01-01"))).toBeNull();
    expect(parseAuthCompletion(new URLSearchParams("expiresOn=2030-01-01&initialRealm=pc"))).toBeNull();
  });

  it("never returns to another origin", () => {
    expect(parseAuthCompletion(new URLSearchParams("returnPath=//evil.example&displayName=a&expiresOn=x&initialRealm=pc"))?.returnPath).toBe("/build/browse");
    // Browsers read a backslash as "/": "/\\evil.com" would be protocol-relative.
    for (const bad of ["/\\evil.com", "/\\/evil.com", "/build\\..\\x", "/a\tb", "/a\u0000b"]) {
      expect(safeReturnPath(bad)).toBe("/build/browse");
    }
    expect(safeReturnPath("/build/view/abc?x=1#y")).toBe("/build/view/abc?x=1#y");
  });

  it("accepts an identity only with string fields and expires it by date", () => {
    expect(parseIdentity({ displayName: "a", expiresOn: 5 })).toBeNull();
    const id = parseIdentity({ displayName: "a", expiresOn: "2020-01-01" })!;
    expect(isExpired(id, Date.parse("2021-01-01"))).toBe(true);
    expect(isExpired(id, Date.parse("2019-01-01"))).toBe(false);
  });
});
