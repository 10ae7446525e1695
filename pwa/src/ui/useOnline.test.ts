// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { isOnline, subscribeOnline } from "./useOnline";

const setOnline = (online: boolean) => Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });

describe("online store", () => {
  afterEach(() => void delete (navigator as { onLine?: boolean }).onLine);

  it("reads the browser's flag and tells its subscribers when it changes, until they leave", () => {
    setOnline(false);
    expect(isOnline()).toBe(false);
    const changed = vi.fn();
    const off = subscribeOnline(changed);
    setOnline(true);
    window.dispatchEvent(new Event("online"));
    expect(isOnline()).toBe(true);
    window.dispatchEvent(new Event("offline"));
    expect(changed).toHaveBeenCalledTimes(2);
    off();
    window.dispatchEvent(new Event("online"));
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
