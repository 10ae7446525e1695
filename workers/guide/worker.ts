/** Comlink shell around the guide parser. */
import { expose } from "comlink";
import { parseGuide } from "./parser";

const api = { parseGuide };
export type GuideWorkerApi = typeof api;
expose(api);
