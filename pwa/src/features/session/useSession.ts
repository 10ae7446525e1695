import { useSyncExternalStore } from "react";
import { getSession, subscribeSession } from "../../data/session";
import { getPendingCount, subscribePending } from "../../data/pending";

export const useSession = () => useSyncExternalStore(subscribeSession, getSession);
export const usePendingCount = () => useSyncExternalStore(subscribePending, getPendingCount);
