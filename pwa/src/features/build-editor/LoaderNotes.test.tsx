// @vitest-environment happy-dom
// The editor's notes for left-out trees, as the loader gives them for a real export.
import { MantineProvider } from "@mantine/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import { offeredTrees } from "./classCheck";
import { LoaderNotes } from "./LoaderNotes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

function render(notes?: string[]) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<MantineProvider defaultColorScheme="dark"><LoaderNotes notes={notes} /></MantineProvider>));
  return host.querySelector<HTMLElement>('[data-testid="loader-notes"]');
}

describe("LoaderNotes", () => {
  it("shows each tree the loader left out", () => {
    const { notes } = offeredTrees(decodePlanner(corpusText("3.13_Mirage_Archer_Toxic_Rain.xml")), null);
    const alert = render(notes);
    expect(alert?.textContent).toContain("Passive trees left out of the steps");
    expect(alert?.textContent).toContain("'Default' is for Shadow: not offered");
  });

  it("shows nothing when every tree is offered", () => {
    expect(render([])).toBeNull();
    expect(render(undefined)).toBeNull();
  });
});
