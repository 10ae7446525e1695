/**
 * main.tsx imports this first, so it runs before the app's own modules and most of its
 * libraries (react-dom, the router, the rest of the UI library) evaluate: the landing route's
 * loads start while they do (landing.ts).
 */
import { startLanding } from "./landing";

export const landing = startLanding(window.location.pathname, window.location.search, navigator.onLine !== false);
