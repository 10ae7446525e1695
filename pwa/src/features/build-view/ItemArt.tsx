import { useEffect, useState } from "react";
import type { ItemsBundle } from "../../data/gameDataTypes";
import type { PlannerItem } from "@workers/planner/types";
import { jewelArt, type JewelArtBundle } from "../../tree/jewelArt";
import { spriteStyle, type SideIconArt } from "../../tree/sideIcons";
import { useSheetsReady, useSideIconArt } from "../../tree/useSideIconArt";
import { GLYPH_LABEL, glyphOf, type GlyphKind } from "./itemGlyph";

export const ART_SIZE = 40;

/** Line drawings (24 x 24, stroked) of each item class. */
const GLYPH_PATHS: Record<GlyphKind, string> = {
  sword: "M19 3l-9.5 9.5M19 3h-3.5M19 3v3.5M7 12l5 5M9.5 14.5L4 20M4 20l1.5 0.5",
  axe: "M6 21L17 5M12 6c3-3 7-3 8 0-1 3-4 5-6 5",
  mace: "M5 21l8-8M15 5a4 4 0 1 1 4 4 4 4 0 0 1-4-4zM15.5 2.5l1 1.5M21.5 8.5l-1.5-1M13 7l-1.5-.5",
  bow: "M6 3c8 3 12 9 12 18M6 3l12 18M3 9l6-1-1 6",
  wand: "M4 20L16 8M16 8l2-4 2 2-4 2M18 11l2 .5M13 4l.5 2",
  staff: "M7 21L17 3M17 3a2.5 2.5 0 1 1 2.5 2.5M9 15l2 2",
  claw: "M6 20c1-6 3-10 7-14M10 20c1-5 3-8 6-11M14 20c1-4 3-6 5-8M4 16h12",
  dagger: "M16 4l-7 9 2 2 9-7-4-4zM9 13l-3 3M8 18l-2-2M7 17l-3 3",
  shield: "M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z",
  quiver: "M8 9h8l-1 12H9zM10 9V3M12 9V2M14 9V3M9 3l1 1 1-1M11 2l1 1 1-1M13 3l1 1 1-1",
  helmet: "M4 15a8 8 0 0 1 16 0v3h-5v-3H9v3H4zM12 7v8",
  body: "M8 3l-4 3 2 5 2-1v11h8V10l2 1 2-5-4-3c-1 2-2 3-4 3S9 5 8 3z",
  gloves: "M7 21v-7L5 10l2-1 2 3V5h2v6V4h2v7V5h2v8l2-3 2 1-3 6v4z",
  boots: "M8 3h6v10l5 3c1 1 1 3 0 4H6v-7z",
  belt: "M2 10h20v4H2zM10 9h4v6h-4zM12 11v2",
  ring: "M12 21a6 6 0 1 1 0-12 6 6 0 0 1 0 12zM9 9l3-5 3 5",
  amulet: "M5 3c0 6 3 9 7 10 4-1 7-4 7-10M12 13l-3 4 3 4 3-4z",
  flask: "M9 3h6M10 3v5l-5 9a3 3 0 0 0 3 4h8a3 3 0 0 0 3-4l-5-9V3M7 15h10",
  jewel: "M12 3l7 6-7 12-7-12zM5 9h14M9 9l3 12 3-12",
  item: "M4 4h16v16H4z",
};

/** An item class glyph (decorative: the slot's label and the item's name say what it is). */
export function ItemGlyph({ kind, size = ART_SIZE }: { kind: GlyphKind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-testid="item-glyph" data-kind={kind}
      style={{ flex: "none", opacity: 0.8 }}>
      <title>{GLYPH_LABEL[kind]}</title>
      <path d={GLYPH_PATHS[kind]} />
    </svg>
  );
}

/**
 * A character item's own art (the official API's `icon`, cached for offline by the service worker's
 * item-art route); the item class glyph for build items, and in place of an image that fails to load
 * (spec: a failed image is hidden; the failure is logged). Jewels without art of their own show their
 * jewel art from the tree's jewel sheet.
 */
export function ItemArt({ item, slot, bundle }: { item: PlannerItem; slot: string; bundle: ItemsBundle | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => setFailed(null), [item.icon]);
  if (item.icon && failed !== item.icon) {
    const src = item.icon;
    return (
      <img src={src} alt="" width={ART_SIZE} height={ART_SIZE} loading="lazy" decoding="async" referrerPolicy="no-referrer"
        data-testid="item-art" style={{ flex: "none", objectFit: "contain" }}
        onError={() => {
          console.warn("item image failed to load", src);
          setFailed(src);
        }} />
    );
  }
  const kind = glyphOf(item, slot, bundle);
  return kind === "jewel" ? <JewelArt baseType={item.baseType} /> : <ItemGlyph kind={kind} />;
}

/** The art tree version for jewels: the sockets' sprites are the same in every version we ship. */
const JEWEL_ART_VERSION = "3.28";

/** A jewel's art from the tree's jewel sheet once it has loaded; the jewel glyph until then or without one. */
function JewelArt({ baseType }: { baseType: string }) {
  const art = useSideIconArt(JEWEL_ART_VERSION, { deferred: true }) as (SideIconArt & JewelArtBundle) | null;
  const icon = art ? jewelArt(art, baseType) : null;
  const ready = useSheetsReady(icon ? [icon.file] : []);
  if (!icon || !ready.has(icon.file)) return <ItemGlyph kind="jewel" />;
  return (
    <div aria-hidden="true" data-testid="item-jewel-art" data-base={baseType}
      style={{ width: ART_SIZE, height: ART_SIZE, flex: "none", ...spriteStyle(icon, ART_SIZE) }} />
  );
}
