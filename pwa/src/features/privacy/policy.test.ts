import { describe, expect, it } from "vitest";
import { POLICIES, POLICY_TABS } from "./policy";

const text = (tab: keyof typeof POLICIES) =>
  POLICIES[tab].flatMap((s) => [s.heading, ...s.paragraphs]).join("\n");

describe("policy texts", () => {
  it("keeps the spec's three tabs", () => {
    expect(POLICY_TABS.map((t) => t.label)).toEqual(["Privacy Policy", "Terms of Conditions", "Cookie Policy"]);
  });

  it("claims no advertising, analytics or session replay (none exists) and no third parties", () => {
    const all = `${text("privacy")}\n${text("cookies")}`;
    expect(all).toMatch(/no advertising/i);
    expect(all).toMatch(/no session replay/i);
    expect(all).not.toMatch(/we show advertising|partners may set|behaviour-analytics service/i);
    expect(text("cookies")).toMatch(/no third-party cookies/i);
  });

  it("names what the server keeps and for how long, and what the official API is asked for", () => {
    const privacy = text("privacy");
    for (const fact of [/scrypt hash/, /30 days/, /24 hours/, /30 seconds/, /10 minutes/, /account:profile/,
      /account:characters/, /Download my data/, /Delete my account/]) {
      expect(privacy).toMatch(fact);
    }
    expect(text("cookies")).toMatch(/waypoint_session/);
  });
});
