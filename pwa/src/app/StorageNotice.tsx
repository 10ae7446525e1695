/** Says once whether the browser agreed to keep the app's data (data/persist.ts asks at the first draft, like or attach). */
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { onPersistAnswer } from "../data/persist";

export const PERSIST_GRANTED = "The browser keeps your drafts, likes and characters on this device.";
export const PERSIST_REFUSED = "The browser may clear Waypoint's offline data when the device runs short of space. Settings shows the storage used.";

export function StorageNotice() {
  useEffect(
    () =>
      onPersistAnswer((answer) => {
        if (answer === "unsupported") return;
        notifications.show({
          id: "storage-persist",
          title: answer === "granted" ? "Offline data kept" : "Offline data not guaranteed",
          message: answer === "granted" ? PERSIST_GRANTED : PERSIST_REFUSED,
          color: answer === "granted" ? "green" : "yellow",
          autoClose: 8000,
        });
      }),
    [],
  );
  return null;
}
