import { Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout";
import { lazyPage, type LazyPage } from "./lazyPage";
import { PageLoader } from "../ui/PageLoader";
import { NotFoundPage } from "./NotFoundPage";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { landing } from "./boot";

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
      { path: "/build/share", element: page(() => import("../features/share/ShareTargetPage")) },
      { path: "/build/track", element: page(() => import("../features/tracker/TrackerPage")) },
      { path: "/build/updates", element: page(() => import("../features/follow/UpdatesPage")) },
      { path: "/build/view", element: <Navigate to="/build/browse" replace /> },
      { path: "/build/view/:slug", element: page(() => import("../features/build-view/BuildViewPage")) },
      { path: "/privacy", element: page(() => import("../features/privacy/PrivacyPage")) },
      { path: "/settings", element: page(() => import("../features/settings/SettingsPage")) },
      { path: "/auth-complete", element: page(() => import("../features/session/AuthCompletePage")) },
      { path: "/trade-helper", element: page(() => import("../features/teasers/TradeHelperPage")) },
      { path: "/crafting-assistant", element: page(() => import("../features/teasers/CraftingAssistantPage")) },
      { path: "/wealth-tracker", element: page(() => import("../features/teasers/WealthTrackerPage")) },
      ...devRoutes,
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/**
 * Settles when the landing route's page chunk has loaded and its offline first page is read (or
 * either failed); at once on other routes. Both started in the app's first module (boot.ts);
 * the page's own load joins the chunk's, so the page's first render does not suspend (lazyPage.ts).
 */
export const landingReady: Promise<void> = landing
  ? Promise.all([browsePage.load(), landing.firstPage]).then(
      () => undefined,
      () => undefined,
    )
  : Promise.resolve();
export const router = createBrowserRouter(routes);
