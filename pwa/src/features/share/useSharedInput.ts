/**
 * The build editor's import box takes what was shared to the app (sharedInput.ts), once,
 * on mount: the editor's first loader loads it; a loader inside a draft, which a load
 * would change, only shows it in the box. One call in the loader:
 *   useSharedInput(setValue, onLoad, "load")
 */
import { useEffect } from "react";
import { takeSharedInput } from "./sharedInput";

export function useSharedInput(
  setValue: (text: string) => void,
  onLoad: (text: string, source: string, fileName?: string) => Promise<boolean>,
  mode: "load" | "fill",
): void {
  useEffect(() => {
    const input = takeSharedInput();
    if (!input) return;
    if (input.kind === "text" || mode === "fill") setValue(input.text);
    if (mode === "load") void onLoad(input.text, input.source, input.kind === "file" ? input.source : undefined);
    // Once per mount: the input is gone from storage once taken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
