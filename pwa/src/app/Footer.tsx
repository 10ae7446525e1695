import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router-dom";

export const DISCLAIMER =
  "Waypoint is a fan-made tool, not affiliated with or endorsed by Grinding Gear Games.";

/** Disclaimer and policy links; a 26 px bar on desktop, stacked in the sidebar on small screens. */
export function FooterContent({ stacked = false }: { stacked?: boolean }) {
  const links = (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to="/privacy?tab=privacy" size="xs">Privacy</Anchor>
      <Anchor component={Link} to="/privacy?tab=terms" size="xs">Terms</Anchor>
      <Anchor component={Link} to="/privacy?tab=cookies" size="xs">Cookie Policy</Anchor>
      <Anchor component={Link} to="/settings" size="xs">Settings</Anchor>
    </Group>
  );
  if (stacked) {
    return (
      <div data-testid="sidebar-footer">
        <Text size="xs" c="dimmed" mb={4}>{DISCLAIMER}</Text>
        {links}
      </div>
    );
  }
  return (
    <Group justify="space-between" h="100%" px="sm" wrap="nowrap" data-testid="footer">
      <Text size="xs" c="dimmed" truncate>{DISCLAIMER}</Text>
      {links}
    </Group>
  );
}
