/**
 * A class's or ascendancy's icon cut from the tree's art (the class start art, the ascendancy's
 * circular art: tree/sideIcons.ts classIcon), decorative beside the name it stands for. Until the
 * art and its sheet are in, or where the art has none, `fallback` or the class's colour dot. The dot
 * takes the icon's whole width (its margins), so a badge keeps its width when the icon comes in.
 */
import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { classColor, type ClassTable } from "../data/classes";
import { classIcon, spriteStyle, type ClassIconArt } from "../tree/sideIcons";
import { useSheetsReady, useSideIconArt } from "../tree/useSideIconArt";

export function ClassIcon({ name, table, size = 20, fallback }: { name: string; table: ClassTable | null; size?: number; fallback?: ReactNode }) {
  // The newest tree's art (an unreadable version gets the newest), once the page's first content is in.
  const art = useSideIconArt("", { deferred: true }) as ClassIconArt | null;
  const icon = art ? classIcon(art, name, table?.alternateAscendancies, table?.ascendancyIds) : null;
  const ready = useSheetsReady(icon ? [icon.file] : []);
  if (icon && ready.has(icon.file))
    return (
      <Box component="span" aria-hidden data-testid="class-icon" data-art="sprite" data-class={name}
        style={{ width: size, height: size, flex: "none", display: "inline-block", borderRadius: "50%", ...spriteStyle(icon, size) }}
      />
    );
  if (fallback !== undefined) return <>{fallback}</>;
  const dot = Math.round(size / 2);
  return (
    <Box component="span" aria-hidden data-testid="class-icon" data-art="dot" data-class={name}
      w={dot} h={dot} mx={(size - dot) / 2} bg={`${classColor(table, name)}.6`}
      style={{ borderRadius: dot, display: "inline-block", flex: "none" }}
    />
  );
}
