import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { memo } from "react";
import { Link } from "react-router-dom";
import { cardFigures } from "../../data/buildStats";
import { buildTitle, classBadge, classColor } from "../../data/classes";
import type { ClassTable } from "../../data/classes";
import type { BuildSummary } from "../../data/types";
import { ClassIcon } from "../../ui/ClassIcon";
import classes from "./BuildCard.module.css";
import { LikeToggle } from "./LikeToggle";
import { FollowToggle } from "../follow/FollowToggle";
import { useUpdates } from "../follow/useFollows";

/**
 * `classTable` comes from the list (one load for every card; null until it arrives).
 * Memoized: the page renders again as the rest of its cards and its filter bar follow the
 * first screen, and the cards already shown need not.
 */
export const BuildCard = memo(function BuildCard({ build, classTable }: { build: BuildSummary; classTable: ClassTable | null }) {
  const figures = cardFigures(build.stats);
  const update = useUpdates().updates.find((u) => u.buildId === build.buildId);
  return (
    <Card withBorder padding="md" className={classes.card} data-testid="build-card" data-build-id={build.buildId} data-slug={build.slug}>
      <Stack gap={6}>
        {/* The title has the card's width, up to two lines: beside the toggles, "{skill} {ascendancy}" titles of
            25 to 40 characters showed ten. */}
        <Title order={2} size="h4" lineClamp={2} data-testid="build-title">
          <Link to={`/build/view/${encodeURIComponent(build.slug)}`} className={`${classes.link} mantine-focus-auto`} data-testid="build-card-link">{buildTitle(build)}</Link>
        </Title>
        <Group justify="space-between" gap={6} align="center">
          <Group gap={6}>
            <Badge color={classColor(classTable, build.ascendancy || build.baseClass)} variant="light" w="fit-content" data-testid="class-badge"
              leftSection={<ClassIcon name={build.ascendancy || build.baseClass} table={classTable} size={16} />}>
              {classBadge(build)}
            </Badge>
            {update && (
              <Badge color="yellow" variant="filled" data-testid="card-updated" title={`Revision ${update.revision} is out`}>
                Updated
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap" className={classes.above}>
            <LikeToggle buildId={build.buildId} likes={build.likes} isLiked={build.isLiked} />
            <FollowToggle buildId={build.buildId} compact />
          </Group>
        </Group>
        <Group gap={4}>
          {build.skills.map((s) => (
            <Badge key={s} variant="outline" color="gray" size="sm" data-testid="skill-badge">{s}</Badge>
          ))}
        </Group>
        {figures.length > 0 && (
          // The planner's own figures (its export's saved stats), said so in words, not only in a tooltip.
          <Group gap={8} data-testid="card-stats">
            <Text size="xs" c="dimmed">Planner figures:</Text>
            {figures.map((f) => (
              <Text key={f.key} size="sm" data-testid="card-stat" data-stat={f.key}>
                <Text span fw={700} inherit>{f.value}</Text> {f.label}
              </Text>
            ))}
          </Group>
        )}
        <Text size="sm" c="dimmed">Contains {build.steps} step(s)</Text>
        <Text size="sm" c="dimmed">Created by {build.creatorName}</Text>
      </Stack>
    </Card>
  );
});
