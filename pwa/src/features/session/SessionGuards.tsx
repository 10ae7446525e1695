import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { api, onUnauthorized } from "../../data/api";
import { getSession } from "../../data/session";
import { loginDialog } from "./actions";
import { useSession } from "./useSession";

// Dialog code loads only when a dialog opens, keeping the initial bundle small.
const SessionDialogs = lazy(() => import("./SessionDialogs"));

/**
 * App-wide session pieces: the one 'Session expired' dialog a 401 opens, the
 * Realm Selection dialog behind every Login button, and the sync engine start.
 */
export function SessionGuards() {
  const { expired } = useSession();
  const loginOpen = useSyncExternalStore(loginDialog.subscribe, loginDialog.get);

  useEffect(() => {
    // Dexie loads with the handler, not before the first paint.
    const off = onUnauthorized(() => void import("../../data/expiry").then((m) => m.sessionExpired()));
    // A session the server revoked while the app was closed shows at once.
    if (getSession().identity) api.get("/auth/me", { retries: 0 }).catch(() => undefined);
    import("../../data/sync").then((m) => m.startSync(), (err) => console.error("sync engine failed to load", err));
    // Fetch the dialogs after start, so they open even if the network drops later.
    void import("./SessionDialogs").catch(() => undefined);
    return () => void off();
  }, []);

  if (!expired && !loginOpen) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialogs loginOpen={loginOpen} />
    </Suspense>
  );
}
