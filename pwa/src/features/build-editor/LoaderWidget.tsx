import { Button, Stack, Tabs, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { LoaderCard } from "./LoaderCard";
import type { LoadError } from "./loader";

export const PRODUCT = "Waypoint";

/** The build loader widget (spec §2): '{product} Code' and 'browse builds' tabs. */
export function LoaderWidget(props: { onLoad: (text: string, source: string) => Promise<boolean>; loading: boolean; fieldError?: string; loadError?: LoadError; classFilter?: string }) {
  const browse = props.classFilter ? `/build/browse?ClassFilters=${encodeURIComponent(props.classFilter)}` : "/build/browse";
  return (
    <Tabs defaultValue="code" data-testid="loader-widget">
      <Tabs.List>
        <Tabs.Tab value="code">{PRODUCT} Code</Tabs.Tab>
        <Tabs.Tab value="browse">browse builds</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="code" pt="md">
        <LoaderCard {...props} label={`Please paste a ${PRODUCT} build code`} placeholder="build-code..." testId="change-loader" />
      </Tabs.Panel>
      <Tabs.Panel value="browse" pt="md">
        <Stack align="flex-start">
          <Text c="gray.5" size="sm">Pick a published build instead.</Text>
          <Button component={Link} to={browse}>Browse Builds</Button>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
