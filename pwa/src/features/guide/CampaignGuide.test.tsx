// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadCampaign } from "@workers/guide/campaignFiles";
import { parseGuide } from "@workers/guide/parser";
import { NO_MATCHING_SKILLS } from "@workers/guide/rewards";
import { loadProgress, saveProgress } from "../../data/guideProgress";
import { GuidePanel } from "./CampaignGuide";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const data = loadCampaign();
const G = (name: string) => `Metadata/Items/Gems/${name}`;
const scripts = [
  { file: "act-1.txt", text: "#section Act 1\n{kill|Hillock}\n{quest|zz_unknown}\n{quest|a1q1}\nWalk on\n#sub and take {quest|a1q7}" },
  { file: "act-2.txt", text: "#section Act 2\n{enter|1_2_town}\n{kill|Hillock} again" },
];
const { sections, passivePoints } = parseGuide(scripts, data, { flags: ["BANDIT_KILL"], build: { className: "Witch", gemIds: [G("SkillGemRighteousFire")] } });

let root: Root | null = null;
let host: HTMLElement;

beforeAll(() => {
  // Mantine's ScrollArea observes sizes; happy-dom may lack the observer.
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
});

async function render(characterId: string) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MantineProvider defaultColorScheme="dark">
        <GuidePanel characterId={characterId} data={data} sections={sections} flag="BANDIT_KILL" passivePoints={passivePoints} gemNames={["Righteous Fire"]} />
      </MantineProvider>,
    );
  });
  // Progress loads from IndexedDB asynchronously.
  for (let i = 0; i < 50 && !host.querySelector('[data-testid="guide-step"]'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

const steps = () => [...host.querySelectorAll<HTMLElement>('[data-testid="guide-step"]')];
const counterText = () => host.querySelector('[data-testid="guide-step-counter"]')!.textContent;

describe("CampaignGuide panel", () => {
  it("renders a quest step with an unknown quest id blank", async () => {
    await render(`c-${Math.random()}`);
    expect(steps()).toHaveLength(4);
    expect(steps()[1].textContent).toBe("2.");
    expect(steps()[0].textContent).toContain("Hillock");
  });

  it("shows the passives note computed from the route and the game version it targets", async () => {
    await render(`c-${Math.random()}`);
    expect(passivePoints).toBe(1); // a1q7's book; a1q1 gives gems only
    expect(host.querySelector('[data-testid="guide-passives"]')!.textContent).toBe("Kill all bandits: 1 passive point from the campaign");
    expect(host.querySelector('[data-testid="guide-version"]')!.textContent).toBe(`Route for game version ${data.routeFacts!.gameVersion}`);
  });

  it("shows the no-match note when the build uses none of the offered skills", async () => {
    await render(`c-${Math.random()}`);
    expect(steps()[2].textContent).toContain(NO_MATCHING_SKILLS);
  });

  it("saves the clicked step for the character", async () => {
    const id = `c-${Math.random()}`;
    await render(id);
    await act(async () => steps()[2].click());
    expect(steps()[2].dataset.selected).toBe("true");
    expect(counterText()).toBe("Step 3 / 4");
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(await loadProgress(id, [4, 2])).toEqual({ act: 0, steps: [2, 0] });
  });

  it("restores stored progress clamped to the route", async () => {
    const id = `c-${Math.random()}`;
    await saveProgress(id, { act: 7, steps: [1, 40] });
    await render(id);
    expect(counterText()).toBe("Step 2 / 2");
    expect(host.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe("Act 2");
  });
});
