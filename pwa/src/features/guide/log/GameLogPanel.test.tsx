// @vitest-environment happy-dom
/**
 * The guide panel with the follower (logFollower.ts, useGameLog.ts): a picked
 * log moves the guide, shows the character and deaths, and a browser without
 * the File System Access API gets the note. The picker hands over a handle
 * whose file grows between looks, as the game writes it.
 */
import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadActs, loadCampaign } from "@workers/guide/campaignFiles";
import { parseGuide } from "@workers/guide/parser";
import { GrowingLog, area, line } from "./test/growingLog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const data = loadCampaign();
const { sections, passivePoints } = parseGuide(loadActs(), data, { flags: ["BANDIT_KILL"] });

let root: Root | null = null;
let host: HTMLElement;

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
});

async function render(characterId: string) {
  // A fresh follower (one per page in the app) for each test: the API is there or not from the start.
  vi.resetModules();
  const { GuidePanel } = await import("../CampaignGuide");
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MantineProvider defaultColorScheme="dark">
        <GuidePanel characterId={characterId} data={data} sections={sections.slice(0, 2)} flag="BANDIT_KILL" passivePoints={passivePoints} gemNames={null} />
      </MantineProvider>,
    );
  });
}

const q = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const selected = () => host.querySelector<HTMLElement>('[data-testid="guide-step"][data-selected="true"]')?.textContent ?? "";

/** Waits (in act) until `check` holds; the follower looks once a second. */
async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await act(() => new Promise((r) => setTimeout(r, 25)));
  }
}


describe("following the log in the guide panel", () => {
  it("says the browser cannot, and keeps Next, without the API", async () => {
    await render(`c-${Math.random()}`);
    await until(() => q("guide-log-unsupported") !== null, "the note");
    expect(q("guide-log-unsupported")!.textContent).toContain("Following the game needs desktop Chrome or Edge");
    expect(host.textContent).not.toContain("Follow the game");
  }, 60_000);

  it("moves the guide, names the character and counts deaths as the log grows", async () => {
    const log = new GrowingLog();
    log.text = area("00:00", "1_1_1") + line("00:30", ": Wanderer (Witch) is now level 2");
    (window as { showOpenFilePicker?: unknown }).showOpenFilePicker = async () => [log];
    await render(`c-${Math.random()}`);
    await until(() => host.textContent!.includes("Follow the game"), "the button");
    const button = [...host.querySelectorAll("button")].find((b) => b.textContent === "Follow the game")!;
    await act(async () => button.click());
    await until(() => q("guide-log-character")?.textContent === "Wanderer, Witch, level 2", "the character");

    log.text += area("01:00", "1_1_town") + line("01:10", ": Wanderer has been slain.");
    await until(() => q("guide-log-deaths")?.textContent === "Deaths: 1", "the death");
    await until(() => selected().includes("Speak to Tarkleigh"), "the town step");
    expect(q("guide-log-bind")!.textContent).toBe("Bind progress to Wanderer");
  }, 60_000);
});
