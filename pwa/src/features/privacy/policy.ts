/** Policy texts, written for Waypoint from the spec's facts (builds-browser-and-tracker.md §2). */
export const LAST_UPDATED = "September 7, 2025";
export const CONTACT_EMAIL = "privacy@waypoint.gg";

export type PolicyTab = "privacy" | "terms" | "cookies";
export const POLICY_TABS: { value: PolicyTab; label: string }[] = [
  { value: "privacy", label: "Privacy Policy" },
  { value: "terms", label: "Terms of Conditions" },
  { value: "cookies", label: "Cookie Policy" },
];

export function parseTab(raw: string | null): PolicyTab {
  return POLICY_TABS.some((t) => t.value === raw) ? (raw as PolicyTab) : "privacy";
}

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export const POLICIES: Record<PolicyTab, PolicySection[]> = {
  privacy: [
    {
      heading: "What we collect",
      paragraphs: [
        "Waypoint does not ask you for personal data and does not collect it directly. When you sign in, we keep the display name and the characters that the game's official service shares with us, only to show your builds and characters back to you.",
        "Builds, likes and campaign progress are kept on your device so the app works offline. Builds you publish are public.",
      ],
    },
    {
      heading: "Advertising and analytics",
      paragraphs: [
        "We show advertising from third-party partners and use a behaviour-analytics service that records sessions (session replay) to learn how the app is used and where it breaks. These partners may set cookies or similar identifiers and process data such as your IP address, device and browser details and the pages you use.",
      ],
    },
    {
      heading: "Your rights in the EEA",
      paragraphs: [
        "If you live in the European Economic Area you may ask to access, correct, delete or export your data, object to or restrict its processing, and withdraw consent at any time. You may also complain to your local data-protection authority.",
      ],
    },
    {
      heading: "Your rights in California",
      paragraphs: [
        "If you live in California you may ask what personal information is processed about you, ask for it to be deleted, and opt out of its sale or sharing. We do not sell personal information, and we will not treat you differently for using these rights.",
      ],
    },
    {
      heading: "Children",
      paragraphs: ["Waypoint is not meant for anyone under 18, and we do not knowingly process data about them."],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about this policy or requests about your data: ${CONTACT_EMAIL}.`],
    },
  ],
  terms: [
    {
      heading: "Using Waypoint",
      paragraphs: [
        "Waypoint is a free companion for Path of Exile players. You may browse, like, publish and track builds for your own, non-commercial use. Do not abuse the service: no automated scraping, no attempts to break or overload it, and no content that is unlawful or that you have no right to share.",
      ],
    },
    {
      heading: "Your builds",
      paragraphs: [
        "When you publish a build you let other players view, copy and use it. You remain responsible for what you publish, and we may remove builds that break these terms.",
      ],
    },
    {
      heading: "No warranty",
      paragraphs: [
        "The service is provided as it is, without warranties. Game data can be out of date or wrong. Waypoint is not affiliated with or endorsed by Grinding Gear Games.",
      ],
    },
    {
      heading: "Age and contact",
      paragraphs: [`You must be 18 or older to use Waypoint. Contact: ${CONTACT_EMAIL}.`],
    },
  ],
  cookies: [
    {
      heading: "Cookies we set",
      paragraphs: [
        "A session cookie keeps you signed in. It is HttpOnly and is removed when you log out or it expires. Local storage on your device holds your selected realm and character, like overrides and campaign progress.",
      ],
    },
    {
      heading: "Third-party cookies",
      paragraphs: [
        "Our advertising and analytics partners, including a session-replay service, may set their own cookies to measure use and show ads. You can block or delete cookies in your browser settings; the app still works without third-party cookies.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about cookies: ${CONTACT_EMAIL}.`],
    },
  ],
};
