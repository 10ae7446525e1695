/** Policy texts, with the spec's tabs and layout (builds-browser-and-tracker.md §2) and what this app really does. */
// The spec dated its policy September 7, 2025; issue 32 rewrote the text to say what Waypoint really does, so the date is that rewrite's.
export const LAST_UPDATED = "November 28, 2026";
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

/**
 * Every statement here must stay true of this code: the server's tables (server/store), the
 * session cookie (server/auth/session.py), the official-API scopes (server/ggg/pkce.py), the
 * device's stores (pwa/src/data) and the absence of any third-party script (the CSP in
 * server/security_headers.py allows our own origin only).
 */
export const POLICIES: Record<PolicyTab, PolicySection[]> = {
  privacy: [
    {
      heading: "The short version",
      paragraphs: [
        "Waypoint shows no advertising, runs no analytics, no tracking and no session replay, and loads nothing from third parties: every script, font and image comes from Waypoint's own server. Nothing is sold or shared. We keep only what the app needs to work, for as long as it needs it.",
      ],
    },
    {
      heading: "What stays on your device",
      paragraphs: [
        "The app keeps its data in your browser so it works offline: builds you browsed or opened and their decoded planner data, your like changes for 24 hours, your characters and which build each is tracked against, and changes not yet sent to the server (likes, publishes, attachments), kept per account when you log out before they were sent. Local storage holds your display name and session expiry, your realm, your selected character, your campaign-guide progress and a few display choices. The app shell and game data are cached for offline use.",
        "This data never leaves your device except as the requests the app makes to Waypoint's server. Logging out clears your account's cached data; clearing the site's data in your browser removes all of it.",
      ],
    },
    {
      heading: "What the server keeps",
      paragraphs: [
        "Your account: with a local account, the account name you chose, your display name and your password as a scrypt hash (never the password itself); with the official sign-in, your game account's id and name. Accounts are kept until you delete them.",
        "Your sessions: a random token for each signed-in browser, stored only as a hash, with its expiry (30 days, or until you log out).",
        "What you do: the builds you publish (public to everyone, with your display name as the creator), the builds you like, and which build each of your characters is tracked against. These are kept until you remove them or delete your account.",
        "For a short while: the first answer to each change you send, so a repeated request is not applied twice (24 hours); your character list and character details fetched from the official service, cached for 30 seconds; a sign-in in progress (10 minutes). To stop abuse, the server counts requests and failed sign-ins per network address and per account name; these counts are forgotten within a minute, or a day after the last failed sign-in.",
        "Pasted planner links you load are fetched once and their build code is kept, like any published build, without any link to you. The server keeps no access log of your visits.",
      ],
    },
    {
      heading: "What we ask the official service for",
      paragraphs: [
        "Only when you sign in with your game account: Waypoint asks the game's official service for your account's name and id (scope account:profile) to show who is signed in, and for your characters (scope account:characters) to list them and track them against builds. The access tokens the service grants stay on the server, are used for nothing else, and are deleted with your account. Local accounts use demo characters and never contact the official service.",
      ],
    },
    {
      heading: "Your data, your choice",
      paragraphs: [
        "In Settings you can download everything the server keeps about you as one file (Download my data) and delete your account (Delete my account), choosing whether your published builds are deleted too or stay public under your display name. A deleted build's link then says the build was deleted. Deletion removes your account, sessions, likes, attachments, tokens and cached data at once; copies in the server operator's backups last until those backups are deleted.",
      ],
    },
    {
      heading: "Your rights in the EEA",
      paragraphs: [
        "If you live in the European Economic Area you may access, correct, delete or export your data, object to or restrict its processing, and complain to your local data-protection authority. We process your data only to provide the service you asked for; there is no consent to withdraw because nothing optional is collected.",
      ],
    },
    {
      heading: "Your rights in California",
      paragraphs: [
        "If you live in California you may ask what personal information is processed about you and ask for it to be deleted. We do not sell or share personal information, and we will not treat you differently for using these rights.",
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
        "When you publish a build you let other players view, copy and use it. You remain responsible for what you publish, and we may remove builds that break these terms. You can delete your builds with your account at any time.",
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
      heading: "The one cookie",
      paragraphs: [
        "Waypoint sets one cookie, waypoint_session, and only when you sign in. It holds a random token that keeps you signed in; it is HttpOnly (page scripts cannot read it), SameSite=Lax, Secure on https, and ends when you log out or after 30 days. Because it is strictly needed for signing in, there is nothing to consent to.",
      ],
    },
    {
      heading: "Storage on your device",
      paragraphs: [
        "Besides the cookie, the app uses your browser's local storage, IndexedDB and cache storage for what the Privacy Policy lists under What stays on your device. None of it is sent anywhere except as part of the app's own requests to Waypoint's server.",
      ],
    },
    {
      heading: "No third-party cookies",
      paragraphs: [
        "There are no advertising, analytics or session-replay cookies and no third-party cookies of any kind: Waypoint loads nothing from other sites. You can delete the cookie and the site's storage in your browser's settings at any time; the app then starts signed out and empty.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about cookies: ${CONTACT_EMAIL}.`],
    },
  ],
};
