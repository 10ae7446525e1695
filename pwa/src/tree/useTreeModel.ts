import { useEffect, useState } from "react";
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

/**
 * Loads the tree bundle closest to the build's version (e.g. "3_28" -> 3.25 today).
 * Null: no tree is needed yet (nothing is fetched; the state stays "loading").
 */
export function useTreeModel(treeVersion: string | null): TreeModelState {
  const [state, setState] = useState<TreeModelState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    if (treeVersion === null) return;
    loadTreeBundle(treeVersion).then(
      (bundle) => {
        let model = models.get(bundle);
        if (!model) {
          model = treeModelFromBundle(bundle);
          models.set(bundle, model);
        }
        performance.mark("tree:ready");
        if (live) setState({ status: "ready", model, readyAt: performance.now() });
      },
      (err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [treeVersion]);
  return state;
}
