/**
 * Loads two revisions of a build and their diff: both revisions from the server, their planner
 * codes decoded (worker, cached), the tree models of every tree version they name.
 */
import { api } from "../../data/api";
import { getDb } from "../../data/db";
import { decodePlannerCached } from "../../data/planner";
import type { RevisionInfo } from "../../data/types";
import type { TreeModel } from "../../tree/model";
import { loadTreeModel } from "../../tree/useTreeModel";
import { revisionDiff, type RevisionDiff, type RevisionSide } from "./revisionDiff";

export function loadRevision(buildId: string, n: number, signal?: AbortSignal): Promise<RevisionInfo> {
  return api.get<RevisionInfo>(`/Build/${encodeURIComponent(buildId)}/revision/${n}`, { signal });
}

async function side(info: RevisionInfo): Promise<RevisionSide> {
  const build = await decodePlannerCached(getDb(), info.pobCode);
  return { revision: info.revision, note: info.note, treeVersion: info.treeVersion, skills: info.skills, steps: info.steps, build };
}

export async function loadRevisionDiff(buildId: string, from: number, to: number, signal?: AbortSignal): Promise<RevisionDiff> {
  const [a, b] = await Promise.all([loadRevision(buildId, from, signal), loadRevision(buildId, to, signal)]);
  const [before, after] = await Promise.all([side(a), side(b)]);
  const models = new Map<string, TreeModel>();
  const trees = [...before.build.trees, ...after.build.trees];
  for (const t of trees) {
    if (models.has(t.treeVersion)) continue;
    try {
      models.set(t.treeVersion, await loadTreeModel(t.treeVersion, t.nodes));
    } catch (err) {
      console.warn("tree model for the diff failed", t.treeVersion, err);
    }
  }
  return revisionDiff(before, after, (id, version) => models.get(version)?.byId.get(id));
}
