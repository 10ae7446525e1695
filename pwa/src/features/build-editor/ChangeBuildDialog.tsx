import { Button, Modal, Stack, Tabs, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { LoaderCard, type LoaderCardProps } from "./LoaderCard";

export const PRODUCT = "Waypoint";

/** The browse list with the class filter preset (spec §2 routes: ClassFilters holds a base class name). */
export const browseHref = (classFilter?: string) => (classFilter ? `/build/browse?ClassFilters=${encodeURIComponent(classFilter)}` : "/build/browse");

interface Props extends Pick<LoaderCardProps, "onLoad" | "loading" | "loadingLabel" | "fieldError" | "loadError"> {
  opened: boolean;
  onClose: () => void;
  /** The base class the list opens filtered to (the tracker's character's, the editor's build's). */
  classFilter?: string;
}

/**
 * 'Select a new build' (spec §2 build loader widget and settings panel): one dialog for the editor and
 * the tracker, with the '{product} Code' tab (the import box, which takes every kind of input) and
 * 'browse builds' (the list filtered to the class).
 */
export function ChangeBuildDialog({ opened, onClose, classFilter, ...card }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select a new build" size="lg" centered data-testid="change-build-dialog">
      <Tabs defaultValue="code" data-testid="loader-widget">
        <Tabs.List>
          <Tabs.Tab value="code" data-testid="change-tab-code">{PRODUCT} Code</Tabs.Tab>
          <Tabs.Tab value="browse" data-testid="change-tab-browse">browse builds</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code" pt="md">
          <LoaderCard {...card} label={`Please paste a ${PRODUCT} build code`} placeholder="build-code..." testId="change-loader" shared="fill" />
        </Tabs.Panel>
        <Tabs.Panel value="browse" pt="md">
          <Stack align="flex-start">
            <Text c="gray.5" size="sm">{classFilter ? `Pick a published ${classFilter} build instead.` : "Pick a published build instead."}</Text>
            <Button component={Link} to={browseHref(classFilter)} onClick={onClose} data-testid="change-browse">Browse Builds</Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
