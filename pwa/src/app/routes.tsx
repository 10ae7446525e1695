import { Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout";
import { lazyPage, type LazyPage } from "./lazyPage";
import { PageLoader } from "../ui/PageLoader";
import { NotFoundPage } from "./NotFoundPage";
import { PageErrorBoundary } from "./PageErrorBoundary";
import type { BrowseSource } from "../data/types";

/** Feature pages load on demand so the initial bundle stays small; each has its own error boundary. */
function page(load: (() => Promise<{ default: ComponentType }>) | LazyPage) {
  const { Page } = typeof load === "function" ? lazyPage(load) : load;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * The dev pages (/dev/tree, /dev/guide) are routed only in `vite dev` and in
 * builds made with VITE_DEV_PAGES=1 (the e2e harness); production has none.
 * The condition is spelled out here, not imported, so a production build
 * drops the pages' chunks too, not only their routes.
 */
const devRoutes: RouteObject[] =
  import.meta.env.DEV || import.meta.env.VITE_DEV_PAGES === "1"
    ? [
        { path: "/dev/tree", element: page(() => import("../features/dev/DevTreePage")) },
        { path: "/dev/guide", element: page(() => import("../features/dev/DevGuidePage")) },
      ]
    : [];

const browsePage = lazyPage(() => import("../features/browse/BrowsePage"));

/**
 * On the landing route (the build browser), its chunk and the database start loading
 * with the app's own code rather than after the first render: offline, the first cards
 * come from Dexie, and opening it overlaps the chunk loads instead of following them.
 */
export function preloadLandingRoute(pathname: string, search: string): Promise<void> {
  const m = /^\/(build\/browse(\/([^/]*))?)?$/.exec(pathname);
  if (!m) return Promise.resolve();
  const chunk = browsePage.load();
  void import("../data/db").then((m) => m.getDb().open()).catch(() => undefined);
  const source = (m[3] || "explore") as BrowseSource;
  // The first render waits for this read too (main.tsx): with the cards in it, the page renders once.
  const readAhead = ["explore", "liked", "created"].includes(source)
    ? Promise.all([import("../features/browse/useBuildList"), import("../data/filters")]).then(([list, f]) =>
        list.readFirstPageAhead(source, f.filtersFromUrl(new URLSearchParams(search))),
      )
    : undefined;
  return Promise.all([chunk, readAhead]).then(
    () => undefined,
    () => undefined,
  );
}

/** Redirect that keeps the query string (filter presets such as ClassFilters). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <RedirectKeepingQuery to="/build/browse/explore" /> },
      { path: "/build/browse", element: <RedirectKeepingQuery to="/build/browse/explore" /> },
      { path: "/build/browse/:tab", element: page(browsePage) },
      { path: "/build/create", element: page(() => import("../features/build-editor/CreateBuildPage")) },
      { path: "/build/track", element: page(() => import("../features/tracker/TrackerPage")) },
      { path: "/build/view", element: <Navigate to="/build/browse" replace /> },
      { path: "/build/view/:slug", element: page(() => import("../features/build-view/BuildViewPage")) },
      { path: "/privacy", element: page(() => import("../features/privacy/PrivacyPage")) },
      { path: "/auth-complete", element: page(() => import("../features/session/AuthCompletePage")) },
      { path: "/trade-helper", element: page(() => import("../features/teasers/TradeHelperPage")) },
      { path: "/crafting-assistant", element: page(() => import("../features/teasers/CraftingAssistantPage")) },
      { path: "/wealth-tracker", element: page(() => import("../features/teasers/WealthTrackerPage")) },
      ...devRoutes,
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** Settles when the landing route's page chunk has loaded and its offline first page is read (or either failed); at once on other routes. */
export const landingReady = preloadLandingRoute(window.location.pathname, window.location.search);
export const router = createBrowserRouter(routes);
