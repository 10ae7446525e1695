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

/**
 * Loads the tree bundle closest to the build's version (e.g. "3_28" -> 3.25 today).
 * `nodes`: the build's allocated passives, which pick the alternate-ascendancy variant
 * when the version names none (data/gameData.ts getTreeBundle).
 * Null: no tree is needed yet (nothing is fetched; the state stays "loading").
 */
export function useTreeModel(treeVersion: string | null, nodes?: readonly number[]): TreeModelState {
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
    loadTreeBundle(treeVersion, nodesRef.current).then(
      (bundle) => {
        let model = models.get(bundle);
        if (!model) {
          model = treeModelFromBundle(bundle);
          models.set(bundle, model);
        }
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
  }, [treeVersion, nodesKey]);
  return state;
}
