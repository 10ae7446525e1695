import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatBytes, onPersistAnswer, PERSIST_KEY, requestPersistence, storageReport, storedAnswer } from "./persist";

/** The browser's StorageManager as far as persist.ts uses it, counting the requests. */
function fakeStorage(grant: boolean, persisted = false) {
  const s = {
    asked: 0,
    persisted: async () => persisted,
    persist: async () => {
      s.asked++;
      persisted = grant;
      return grant;
    },
    estimate: async () => ({ usage: 12_582_912, quota: 1_073_741_824 }),
  };
  return s;
}

const memory = new Map<string, string>();
beforeEach(() => {
  memory.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("persistent storage", () => {
  it("is asked once, at the first thing to keep, and the answer is told and remembered", async () => {
    const s = fakeStorage(true);
    vi.stubGlobal("navigator", { storage: s });
    const told: string[] = [];
    const off = onPersistAnswer((answer, reason) => told.push(`${answer}:${reason}`));
    expect(await requestPersistence("draft")).toBe("granted");
    expect(await requestPersistence("like")).toBe("granted");
    off();
    expect(s.asked).toBe(1);
    expect(told).toEqual(["granted:draft"]);
    expect(storedAnswer()).toMatchObject({ answer: "granted", reason: "draft" });
  });

  it("remembers a refusal without asking again on every like", async () => {
    const s = fakeStorage(false);
    vi.stubGlobal("navigator", { storage: s });
    expect(await requestPersistence("like")).toBe("refused");
    expect(await requestPersistence("like")).toBe("refused");
    expect(s.asked).toBe(1);
    expect(JSON.parse(memory.get(PERSIST_KEY)!).answer).toBe("refused");
  });

  it("does not ask when the data is already kept", async () => {
    const s = fakeStorage(true, true);
    vi.stubGlobal("navigator", { storage: s });
    expect(await requestPersistence("attached character")).toBe("granted");
    expect(s.asked).toBe(0);
  });

  it("says so in a browser without the API, and never throws", async () => {
    vi.stubGlobal("navigator", {});
    expect(await requestPersistence("draft")).toBe("unsupported");
    expect(await storageReport()).toEqual({ persisted: null, usageBytes: null, quotaBytes: null });
  });

  it("reports the storage used for Settings", async () => {
    vi.stubGlobal("navigator", { storage: fakeStorage(true, true) });
    expect(await storageReport()).toEqual({ persisted: true, usageBytes: 12_582_912, quotaBytes: 1_073_741_824 });
    expect(formatBytes(12_582_912)).toBe("12.0 MB");
    expect(formatBytes(1_073_741_824)).toBe("1.0 GB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(10)).toBe("10 B");
  });
});
