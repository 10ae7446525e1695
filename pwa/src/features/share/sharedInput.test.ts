import { describe, expect, it } from "vitest";
import { putSharedInput, SHARED_KEY, sharedInputFromParams, takeSharedInput } from "./sharedInput";

/** sessionStorage's interface over a Map (Node has no Web Storage). */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

const params = (q: Record<string, string>) => new URLSearchParams(q);

describe("what a share puts in the import box", () => {
  it("takes the shared link", () => {
    expect(sharedInputFromParams(params({ url: " https://pobb.in/abc123 ", text: "my build" }))).toEqual({ text: "https://pobb.in/abc123", source: "https://pobb.in/abc123", kind: "text" });
  });

  it("finds a link inside shared text, as phones share a page", () => {
    expect(sharedInputFromParams(params({ text: "Check out my RF build https://pobb.in/Xy-9_z thanks" }))?.text).toBe("https://pobb.in/Xy-9_z");
    expect(sharedInputFromParams(params({ title: "Build", text: "" }))?.text).toBe("Build");
  });

  it("takes text without a link as it is (a planner code)", () => {
    const code = "eNrtXVtz2ziy_iv7mMfq3B4zU-UZ-0ovs";
    expect(sharedInputFromParams(params({ text: `  ${code}\n` }))).toEqual({ text: code, source: "shared text", kind: "text" });
  });

  it("is nothing without a field", () => {
    expect(sharedInputFromParams(params({}))).toBeNull();
    expect(sharedInputFromParams(params({ url: " ", text: "" }))).toBeNull();
  });

  it("is handed over once, and garbage is dropped", () => {
    const store = new MemoryStorage();
    putSharedInput({ text: "<PathOfBuilding/>", source: "build.xml", kind: "file" }, store);
    expect(takeSharedInput(store)).toEqual({ text: "<PathOfBuilding/>", source: "build.xml", kind: "file" });
    expect(takeSharedInput(store)).toBeNull();
    store.setItem(SHARED_KEY, "{not json");
    expect(takeSharedInput(store)).toBeNull();
    store.setItem(SHARED_KEY, JSON.stringify({ text: 1, source: "x", kind: "text" }));
    expect(takeSharedInput(store)).toBeNull();
    expect(takeSharedInput(undefined)).toBeNull();
  });
});
