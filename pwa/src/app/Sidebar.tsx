import { ActionIcon, NavLink, Stack, Text, Tooltip } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { SessionControl } from "../features/session/SessionControl";
import { IconBrowse, IconChevronLeft, IconChevronRight, IconCommunity, IconTracker } from "../ui/icons";
import { FooterContent } from "./Footer";
import { UpdatesNavItem } from "../features/follow/UpdatesNav";

export const COMMUNITY_URL = "https://discord.com/invite/pathofexile";

const ITEMS = [
  { to: "/build/browse", match: "/build/browse", label: "Build browser", icon: <IconBrowse /> },
  { to: "/build/track", match: "/build/track", label: "Build tracker", icon: <IconTracker /> },
];

interface Props {
  expanded: boolean;
  desktop: boolean;
  onToggle: () => void;
}

export function Sidebar({ expanded, desktop, onToggle }: Props) {
  const { pathname } = useLocation();
  const showLabels = expanded || !desktop;
  const item = (label: string, node: React.ReactNode) =>
    showLabels ? node : <Tooltip label={label} position="right" key={label}>{node}</Tooltip>;

  return (
    <Stack h="100%" justify="space-between" gap="xs" p="xs" data-testid="sidebar" data-expanded={expanded}>
      <Stack gap={4}>
        {desktop && (
          <Text fw={700} c="yellow.5" ta={showLabels ? "left" : "center"} px={showLabels ? "sm" : 0} py="xs">
            {showLabels ? "Waypoint" : "W"}
          </Text>
        )}
        {ITEMS.map((it) =>
          item(
            it.label,
            <NavLink
              key={it.to}
              component={Link}
              to={it.to}
              label={showLabels ? it.label : undefined}
              aria-label={it.label}
              leftSection={it.icon}
              active={pathname.startsWith(it.match)}
            />,
          ),
        )}
        <UpdatesNavItem showLabels={showLabels} />
        {item(
          "Community",
          <NavLink
            key="community"
            href={COMMUNITY_URL}
            target="_blank"
            rel="noopener noreferrer"
            label={showLabels ? "Community" : undefined}
            aria-label="Community"
            leftSection={<IconCommunity />}
          />,
        )}
      </Stack>
      <Stack gap="xs">
        <SessionControl compact={!showLabels} />
        {desktop ? (
          <ActionIcon
            variant="subtle"
            onClick={onToggle}
            aria-label={expanded ? "Collapse sidebar" : "Expand sidebar"}
            data-testid="sidebar-toggle"
            style={{ alignSelf: expanded ? "flex-end" : "center" }}
          >
            {expanded ? <IconChevronLeft /> : <IconChevronRight />}
          </ActionIcon>
        ) : (
          <FooterContent stacked />
        )}
      </Stack>
    </Stack>
  );
}
