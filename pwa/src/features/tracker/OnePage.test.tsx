// @vitest-environment happy-dom
// The one-page tracker settles after its first renders: the contents rail reading the headings must
// not set state after every render (that endless loop left a lazily loaded tree spinning, issue 31).
import { MantineProvider } from "@mantine/core";
import { act, Profiler } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { OnePage, type TrackerSection } from "./OnePage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Far more commits than mounting and reading the headings take; a loop passes it at once. */
const MAX_COMMITS = 20;

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

const sections = (n: number): TrackerSection[] =>
  ["Equipment", "Skill Tree", "Choices", "Notes"].slice(0, n).map((title) => ({ value: title.toLowerCase().replace(" ", "-"), title, node: <p>{title} body</p> }));

describe("OnePage", () => {
  it("reads the headings into the rail and then stops rendering", () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    let commits = 0;
    // Past the cap the commit throws, which ends a loop (act would otherwise never return).
    const counted = () => {
      if (++commits > MAX_COMMITS) throw new Error(`still rendering after ${MAX_COMMITS} commits`);
    };
    const page = (n: number) => (
      <MantineProvider defaultColorScheme="dark">
        <Profiler id="tracker" onRender={counted}><OnePage sections={sections(n)} offsetPx={130} /></Profiler>
      </MantineProvider>
    );
    act(() => root!.render(page(3)));
    expect(commits).toBeLessThanOrEqual(MAX_COMMITS);
    const rail = host.querySelector('[data-testid="tracker-toc"]')!;
    expect([...rail.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Equipment", "Skill Tree", "Choices"]);
    // A section more: the rail reads the headings again, and settles again.
    commits = 0;
    act(() => root!.render(page(4)));
    expect(commits).toBeLessThanOrEqual(MAX_COMMITS);
    expect([...rail.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Equipment", "Skill Tree", "Choices", "Notes"]);
  });
});
