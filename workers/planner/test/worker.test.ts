import { expose, wrap } from "comlink";
import { afterAll, describe, expect, it } from "vitest";
import { decodePlanner } from "../index";
import { plannerWorkerApi, type PlannerWorkerApi } from "../api";
import { corpusText } from "./corpus";

// The worker's API across a real MessageChannel: what arrives is the structured clone the PWA sees.
const channel = new MessageChannel();
expose(plannerWorkerApi, channel.port1);
const remote = wrap<PlannerWorkerApi>(channel.port2);
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

describe("planner worker API over Comlink", () => {
  it("returns the decoded build intact after cloning", async () => {
    const code = corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt");
    const result = await remote.decode(code);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.build).toEqual(decodePlanner(code));
  });

  it("returns errors as values with their kind", async () => {
    expect(await remote.decode("not a code!")).toEqual({
      ok: false,
      error: { kind: "not_base64", message: "Planner code is not base64 text." },
    });
  });
});
