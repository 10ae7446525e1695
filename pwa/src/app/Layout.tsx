import { AppShell, Burger, Group, Text } from "@mantine/core";
import { useDisclosure, useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { PendingSyncBadge } from "../features/session/SessionControl";
import { FooterContent } from "./Footer";
import { UpdatesHeaderBadge } from "../features/follow/UpdatesNav";
import { Sidebar } from "./Sidebar";
import { StorageNotice } from "./StorageNotice";
import { UpdatePrompt } from "./UpdatePrompt";
import { DESKTOP_QUERY, LAYOUT } from "./theme";

export function Layout() {
  const desktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const [expanded, setExpanded] = useLocalStorage({ key: "waypoint:sidebar-expanded", defaultValue: true });
  const [mobileOpen, mobile] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => mobile.close(), [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  // The phone's nav drawer: shut, it is out of the tab order (its links sat off screen, focus vanished into them);
  // open, Escape shuts it and gives focus back to the burger.
  const burger = useRef<HTMLButtonElement>(null);
  const navHidden = !desktop && !mobileOpen;
  const onNavKey = (e: ReactKeyboardEvent<HTMLElement>) => {
    // Keys from a dialog or menu portalled out of the drawer (React bubbles them here too) are theirs.
    if (desktop || !mobileOpen || e.key !== "Escape" || !e.currentTarget.contains(e.target as Node)) return;
    mobile.close();
    burger.current?.focus();
  };

  const width = desktop ? (expanded ? LAYOUT.sidebarExpandedPx : LAYOUT.sidebarCollapsedPx) : LAYOUT.sidebarExpandedPx;
  return (
    <AppShell
      header={desktop ? undefined : { height: LAYOUT.headerPx }}
      footer={desktop ? { height: LAYOUT.footerPx } : undefined}
      navbar={{ width, breakpoint: LAYOUT.breakpointPx, collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      {!desktop && (
        <AppShell.Header data-testid="header">
          <Group h="100%" px="md" gap="sm">
            <Burger ref={burger} opened={mobileOpen} onClick={mobile.toggle} size="sm" aria-label="Toggle navigation" aria-expanded={mobileOpen} aria-controls="app-navbar" onKeyDown={onNavKey} data-testid="burger" />
            <Text fw={700} c="yellow.5">Waypoint</Text>
            {/* The sidebar is closed on small screens, so the header shows pending sync too. */}
            <PendingSyncBadge compact testId="pending-sync-header" />
            <UpdatesHeaderBadge />
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Navbar id="app-navbar" inert={navHidden} onKeyDown={onNavKey}>
        <Sidebar expanded={expanded} desktop={!!desktop} onToggle={() => setExpanded(!expanded)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <UpdatePrompt />
      <StorageNotice />
      {desktop && (
        <AppShell.Footer>
          <FooterContent />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
