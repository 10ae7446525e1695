import { useEffect, useState } from "react";
import { loadTree, type DecodedTree } from "../data/gameData";
import { treeModelFromBundle } from "./adapter";
import type { TreeModel } from "./model";

/** One TreeModel per decoded bundle, shared by every view of that version. */
const models = new WeakMap<DecodedTree, TreeModel>();

export type TreeModelState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; model: TreeModel; readyAt: number };

/** Loads the tree bundle closest to the build's version (e.g. "3_28" -> 3.25 today). */
export function useTreeModel(treeVersion: string): TreeModelState {
  const [state, setState] = useState<TreeModelState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    loadTree(treeVersion).then(
      (decoded) => {
        let model = models.get(decoded);
        if (!model) {
          model = treeModelFromBundle(decoded.bundle);
          models.set(decoded, model);
        }
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
