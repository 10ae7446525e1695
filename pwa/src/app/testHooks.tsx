/**
 * Test hooks, built only with VITE_DEV_PAGES=1 (the e2e harness's build and
 * `vite dev`); a production build drops them with the dev pages.
 */

export const TEST_HOOKS: boolean = import.meta.env.DEV || import.meta.env.VITE_DEV_PAGES === "1";

/** While localStorage holds this key, every page throws while rendering (the e2e test of the error boundary). */
export const FORCE_RENDER_ERROR_KEY = "waypoint:test:render-error";

export function ForcedRenderError(): null {
  if (localStorage.getItem(FORCE_RENDER_ERROR_KEY)) throw new Error("render error forced by a test hook");
  return null;
}
