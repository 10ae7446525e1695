import { describe, expect, it } from "vitest";
import { characterFailureToast } from "./characterErrors";
import { FAILURE_TOAST_MS } from "./timing";

describe("character failure toasts", () => {
  it("a 429 says the limit and the wait", () => {
    const t = characterFailureToast({ kind: "rateLimited", retryIn: 42, message: "" });
    expect(t.title).toBe("character request limit reached");
    expect(t.message).toBe("Data might be stale, please wait 42 seconds before trying to fetch again");
  });
  it("any other failure reads 'Failed to fetch', capitalised as a sentence, for five base intervals", () => {
    const t = characterFailureToast({ kind: "failed", message: "boom" });
    expect(t.title).toBe("Failed to fetch");
    expect(t.message).toBe("Data might be stale, please try again later");
    expect(t).toMatchObject({ autoClose: FAILURE_TOAST_MS });
  });
});
