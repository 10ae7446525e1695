import { Badge, Card, List, Paper, Stack, Text, Title, Transition } from "@mantine/core";
import { useInterval, useWindowScroll } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { ROTATE_MS, SCROLL_THRESHOLD_PX, type Teaser } from "./teasers";

export function TeaserPage({ teaser }: { teaser: Teaser }) {
  const [index, setIndex] = useState(0);
  const interval = useInterval(() => setIndex((i) => (i + 1) % teaser.lines.length), ROTATE_MS);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [scroll] = useWindowScroll();
  const scrolled = scroll.y > SCROLL_THRESHOLD_PX;

  return (
    <Stack maw={720} gap="lg" data-testid="teaser">
      <Paper
        pos="sticky"
        top={0}
        p="sm"
        shadow={scrolled ? "md" : undefined}
        style={{ zIndex: 2 }}
        data-scrolled={scrolled}
      >
        <Title order={1}>{teaser.title}</Title>
        <Badge color="yellow" variant="light" mt="xs" data-testid="teaser-badge">{teaser.badge}</Badge>
      </Paper>
      <Text size="lg">{teaser.intro}</Text>
      <Card withBorder mih={72}>
        {teaser.lines.map((line, i) => (
          <Transition key={line} mounted={i === index} transition="fade" duration={300} keepMounted>
            {(style) => (
              <Text size="xl" fw={600} style={{ ...style, display: i === index ? "block" : "none" }}
                data-testid={i === index ? "teaser-line" : undefined} aria-live="polite">
                {line}
              </Text>
            )}
          </Transition>
        ))}
      </Card>
      <List spacing="xs">
        {teaser.lines.map((line) => <List.Item key={line}>{line}</List.Item>)}
      </List>
    </Stack>
  );
}
