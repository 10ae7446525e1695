import { ActionIcon, Badge, NavLink, Tooltip, VisuallyHidden } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { useSession } from "../session/useSession";
import { useUpdates } from "./useFollows";

export const UPDATES_PATH = "/build/updates";

const BellIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

const label = (n: number) => (n ? `Build updates, ${n} new` : "Build updates");

/** The sidebar's 'Build updates' item with the count of followed builds that changed (signed in only). */
export function UpdatesNavItem({ showLabels }: { showLabels: boolean }) {
  const { identity } = useSession();
  const { updates } = useUpdates();
  const { pathname } = useLocation();
  if (!identity) return null;
  const n = updates.length;
  // Undefined, not false, when nothing is new: Mantine keeps a section (and its margin) for any value but
  // undefined, and the label "Build updates" then wrapped to two lines.
  const count = n === 0 ? undefined : <Badge size="sm" color="yellow" variant="filled"><span data-testid="updates-badge">{n}</span><VisuallyHidden> new</VisuallyHidden></Badge>;
  const link = (
    <NavLink
      component={Link}
      to={UPDATES_PATH}
      label={showLabels ? "Build updates" : undefined}
      aria-label={showLabels ? undefined : label(n)}
      leftSection={showLabels ? <BellIcon /> : <span style={{ position: "relative", display: "inline-flex" }}><BellIcon />{n > 0 && <span data-testid="updates-badge" style={{ position: "absolute", top: -6, right: -8, background: "var(--mantine-color-yellow-5)", color: "#000", borderRadius: 8, fontSize: 10, padding: "0 4px", fontWeight: 700 }}>{n}</span>}</span>}
      rightSection={showLabels ? count : undefined}
      active={pathname.startsWith(UPDATES_PATH)}
      data-testid="nav-updates"
    />
  );
  return showLabels ? link : <Tooltip label={label(n)} position="right">{link}</Tooltip>;
}

/** The phone header's bell: only when something changed, with the count. */
export function UpdatesHeaderBadge() {
  const { identity } = useSession();
  const { updates } = useUpdates();
  if (!identity || updates.length === 0) return null;
  return (
    <ActionIcon component={Link} to={UPDATES_PATH} variant="subtle" color="yellow" size="lg" aria-label={label(updates.length)} data-testid="updates-header"
      style={{ position: "relative", overflow: "visible" }}>
      <BellIcon />
      <span data-testid="updates-header-count" style={{ position: "absolute", top: -2, right: -4, background: "var(--mantine-color-yellow-5)", color: "#000", borderRadius: 8, fontSize: 11, padding: "0 4px", fontWeight: 700, lineHeight: "16px" }}>
        {updates.length}
      </span>
    </ActionIcon>
  );
}
