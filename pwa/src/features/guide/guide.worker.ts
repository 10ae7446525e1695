/// <reference lib="webworker" />
/**
 * Comlink shell of the guide worker: the parser with the route scripts it
 * carries and the campaign bundle it loads itself (through the game-data
 * client, cached for the worker's life), so the page never sends either.
 */
import { expose } from "comlink";
import { createGuideApi } from "@workers/guide/api";
import { loadCampaign } from "../../data/gameData";
import { ROUTE_SCRIPTS } from "./routeScripts";

expose(createGuideApi(ROUTE_SCRIPTS, loadCampaign));
