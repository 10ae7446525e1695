import { useEffect, useMemo, useRef, useState } from "react";
import { loadTreeBundle } from "../data/gameData";
import type { TreeBundle } from "../data/gameDataTypes";
import { treeModelFromBundle } from "./adapter";
import type { TreeModel } from "./model";

/** One TreeModel per bundle, shared by every view of that version. */
const models = new WeakMap<TreeBundle, TreeModel>();

export type TreeModelState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; model: TreeModel; readyAt: number };

/** A bundle's model, made once (the first view of a bundle reads it). */
export function modelOf(bundle: TreeBundle): TreeModel {
  let model = models.get(bundle);
  if (!model) {
    model = treeModelFromBundle(bundle);
    models.set(bundle, model);
  }
  return model;
}

/**
 * The tree model of a build's version. Reading the bundle happens inside the promise, so a bundle
 * the adapter refuses (an unknown format) rejects it: thrown in the handler that sets the state,
 * it went unhandled and left the view loading forever.
 */
export function loadTreeModel(treeVersion: string, nodes?: readonly number[], load = loadTreeBundle): Promise<TreeModel> {
  return load(treeVersion, nodes).then(modelOf);
}

/**
 * Loads the tree bundle of the build's version, or, for a version we lack or none, the one
 * holding the most of `nodes` (data/gameData.ts getTreeBundle). `nodes`: the build's allocated
 * passives, which also pick the alternate-ascendancy variant when the version names none.
 * Null: no tree is needed yet (nothing is fetched; the state stays "loading").
 * `attempt`: a new value loads again (a 'Try again' after an error; a failed fetch is not kept).
 */
export function useTreeModel(treeVersion: string | null, nodes?: readonly number[], attempt = 0): TreeModelState {
  const [state, setState] = useState<TreeModelState>({ status: "loading" });
  // Edits change the allocation, rarely the bundle: the drawn model stays while the choice is made again.
  const nodesKey = useMemo(() => (nodes ? nodes.join(",") : ""), [nodes]);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const loadedVersion = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    if (loadedVersion.current !== treeVersion) setState({ status: "loading" });
    if (treeVersion === null) return;
    loadTreeModel(treeVersion, nodesRef.current).then(
      (model) => {
        performance.mark("tree:ready");
        loadedVersion.current = treeVersion;
        const ready = model;
        if (live) setState((cur) => (cur.status === "ready" && cur.model === ready ? cur : { status: "ready", model: ready, readyAt: performance.now() }));
      },
      (err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [treeVersion, nodesKey, attempt]);
  return state;
}
