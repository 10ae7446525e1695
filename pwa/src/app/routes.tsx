import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout";
import { PageLoader } from "../ui/PageLoader";
import { NotFoundPage } from "./NotFoundPage";

/** Feature pages load on demand so the initial bundle stays small. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
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
      { path: "/build/browse/:tab", element: page(() => import("../features/browse/BrowsePage")) },
      { path: "/build/create", element: page(() => import("../features/build-editor/CreateBuildPage")) },
      { path: "/build/track", element: page(() => import("../features/tracker/TrackerPage")) },
      { path: "/build/view", element: <Navigate to="/build/browse" replace /> },
      { path: "/build/view/:slug", element: page(() => import("../features/build-view/BuildViewPage")) },
      { path: "/privacy", element: page(() => import("../features/privacy/PrivacyPage")) },
      { path: "/auth-complete", element: page(() => import("../features/session/AuthCompletePage")) },
      { path: "/trade-helper", element: page(() => import("../features/teasers/TradeHelperPage")) },
      { path: "/crafting-assistant", element: page(() => import("../features/teasers/CraftingAssistantPage")) },
      { path: "/wealth-tracker", element: page(() => import("../features/teasers/WealthTrackerPage")) },
      { path: "/dev/tree", element: page(() => import("../features/dev/DevTreePage")) },
      { path: "/dev/guide", element: page(() => import("../features/dev/DevGuidePage")) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
