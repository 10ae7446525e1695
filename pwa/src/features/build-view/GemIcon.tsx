import { GEM_COLOUR, GEM_KIND_LABEL, type GemKind } from "../../data/gemText";
import type { GemInfo } from "../../data/gameDataTypes";

const ATTRIBUTE_LABEL: Record<GemInfo["attribute"], string> = {
  strength: "strength",
  dexterity: "dexterity",
  intelligence: "intelligence",
  none: "no attribute",
};

/**
 * A gem drawn in its attribute's colour, its shape by kind: active gems are cut gems
 * (hexagons), supports round, Vaal gems carry a red drop, awakened gems a gold ring,
 * transfigured gems a violet spark.
 */
export function GemIcon({ kind, attribute, size = 16 }: { kind: GemKind; attribute: GemInfo["attribute"]; size?: number }) {
  const fill = GEM_COLOUR[attribute];
  const label = `${GEM_KIND_LABEL[kind]}, ${ATTRIBUTE_LABEL[attribute]}`;
  const round = kind === "support" || kind === "awakened";
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" role="img" aria-label={label}
      data-testid="gem-icon" data-kind={kind} data-attribute={attribute} style={{ flex: "none" }}>
      <title>{label}</title>
      {round
        ? <circle cx="8" cy="8" r="6" fill={fill} stroke="#111" strokeWidth="1" />
        : <polygon points="8,1.5 13.6,4.75 13.6,11.25 8,14.5 2.4,11.25 2.4,4.75" fill={fill} stroke="#111" strokeWidth="1" />}
      <path d={round ? "M5 6.5 A3.5 3.5 0 0 1 8 4.5" : "M4.5 5.5 L8 3.5 L8 6.5 Z"} fill="#fff" fillOpacity="0.55" />
      {kind === "awakened" && <circle cx="8" cy="8" r="7.3" fill="none" stroke="#e8c25a" strokeWidth="1.4" />}
      {kind === "vaal" && <path d="M8 6 C9.8 8.3 10.2 9.4 10.2 10.3 A2.2 2.2 0 0 1 5.8 10.3 C5.8 9.4 6.2 8.3 8 6 Z" fill="#b3171b" stroke="#111" strokeWidth="0.6" />}
      {kind === "transfigured" && <path d="M12.5 0.8 L13.3 2.7 L15.2 3.5 L13.3 4.3 L12.5 6.2 L11.7 4.3 L9.8 3.5 L11.7 2.7 Z" fill="#c98cff" stroke="#111" strokeWidth="0.5" />}
    </svg>
  );
}
