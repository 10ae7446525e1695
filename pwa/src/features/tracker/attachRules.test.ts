import { describe, expect, it } from "vitest";
import { buildRef } from "./BuildChooser";
import { realClassTable } from "./test/testClasses";
import { ATTACH_TEXTS, classMismatch } from "./useTracker";

const table = realClassTable();

describe("attach rules", () => {
  it("refuses a build of another base class with the spec's text", () => {
    expect(classMismatch(table, { baseClass: "Duelist" }, "Berserker")).toBe(
      "This build is for Duelist, but your selected character is Marauder. Please select a different build",
    );
    expect(classMismatch(table, { baseClass: "Templar" }, "Hierophant")).toBeNull();
    expect(classMismatch(table, { baseClass: "templar" }, "Templar")).toBeNull();
  });

  it("uses the spec's attach texts", () => {
    expect(ATTACH_TEXTS.failure).toEqual({ title: "Failed to attach build", message: "Please try again. Your previous build has been restored." });
    expect(ATTACH_TEXTS.success.title).toBe("Build attached successfully");
    expect(ATTACH_TEXTS.noCharacter).toEqual({ title: "No character selected", message: "Please select a character first" });
  });

  it("reads a build from a view link or a slug", () => {
    expect(buildRef(" http://127.0.0.1:8000/build/view/abc123?x=1 ")).toBe("abc123");
    expect(buildRef("/build/view/slug9")).toBe("slug9");
    expect(buildRef("slug9")).toBe("slug9");
  });
});
