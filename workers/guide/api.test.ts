// The guide worker's API across a real MessageChannel, as the page talks to it:
// the worker loads the campaign facts itself, once, and a parse request is only
// the build and its bandit flag.
import { expose, wrap } from "comlink";
import { afterAll, describe, expect, it } from "vitest";
import { decodePlanner } from "../planner/index";
import { corpusText } from "../planner/test/corpus";
import { createGuideApi, type GuideWorkerApi } from "./api";
import { buildBanditFlag, guideBuildFrom } from "./build";
import { loadActs, loadCampaign } from "./campaignFiles";
import { formatError, parseGuide } from "./parser";
import type { CampaignData } from "./types";

const scripts = loadActs();
const facts = loadCampaign();
let loads = 0;
let failNext = false;
const loader = async (): Promise<CampaignData> => {
  loads++;
  if (failNext) {
    failNext = false;
    throw new Error("campaign bundle unavailable");
  }
  return loadCampaign();
};

const channel = new MessageChannel();
expose(createGuideApi(scripts, loader), channel.port1);
const remote = wrap<GuideWorkerApi>(channel.port2);
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

describe("guide worker API", () => {
  it("retries a failed campaign load on the next parse", async () => {
    failNext = true;
    await expect(remote.parse(null, "BANDIT_KILL")).rejects.toThrow("campaign bundle unavailable");
    expect((await remote.parse(null, "BANDIT_KILL")).sections.length).toBeGreaterThanOrEqual(10);
    expect(loads).toBe(2);
  });

  it("parses a corpus build as the parser does in this thread, loading the campaign facts only once", async () => {
    const build = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const flag = buildBanditFlag(build);
    const guideBuild = guideBuildFrom(build, facts);
    const here = parseGuide(scripts, facts, { flags: [flag], build: guideBuild });
    const before = loads;
    const there = await remote.parse(build, flag);
    expect(there.sections).toEqual(here.sections);
    expect(there.passivePoints).toBe(here.passivePoints);
    expect(there.guideBuild).toEqual(guideBuild);
    expect(there.errors).toEqual(here.errors.map(formatError));
    await remote.parse(null, "BANDIT_ALIRA");
    expect(loads).toBe(before);
  });
});
