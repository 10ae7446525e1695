import type { BrowseSource } from "../../data/types";

/** The empty-list texts of spec §2; logged out, the Liked and Created tabs show their login texts. */
export function emptyText(source: BrowseSource, loggedIn: boolean): { text: string; login: boolean } {
  if (source === "explore") return { text: "No builds found. Try different filters.", login: false };
  if (source === "created") {
    return loggedIn
      ? { text: "You haven't created any builds yet. Try creating your first build!", login: false }
      : { text: "Log-in to create a build", login: true };
  }
  if (source === "following") {
    return loggedIn
      ? { text: "You don't follow any builds yet. Follow a build to hear when its creator changes it.", login: false }
      : { text: "Log-in to follow a build", login: true };
  }
  return loggedIn
    ? { text: "You haven't liked any builds yet. Explore builds and like your favorites!", login: false }
    : { text: "Log-in to like a build", login: true };
}
