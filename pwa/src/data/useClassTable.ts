import { useEffect, useState } from "react";
import type { ClassTable } from "./classes";
import { loadClasses } from "./gameData";

/** The class table (a small bundle, loaded once per page); null until it arrives or when it cannot load. */
export function useClassTable(): ClassTable | null {
  const [table, setTable] = useState<ClassTable | null>(null);
  useEffect(() => {
    let live = true;
    loadClasses().then(
      (t) => live && setTable(t),
      () => undefined, // badges stay gray and the filter offers no classes; the next page load retries
    );
    return () => {
      live = false;
    };
  }, []);
  return table;
}
