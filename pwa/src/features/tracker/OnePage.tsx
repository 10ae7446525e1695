/**
 * The tracker's sections on one page under a contents rail (1200 px and wider): the rail is
 * built from the section headings and follows the scroll (Mantine's scroll spy).
 */
import { Box, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { useScrollSpy } from "@mantine/hooks";
import { useEffect, useRef, type ReactNode } from "react";
import { LAYOUT, stickyBar } from "../../app/theme";
import { StickyCover } from "../../ui/StickyCover";

export interface TrackerSection {
  value: string;
  title: string;
  node: ReactNode;
}

export function OnePage({ sections, offsetPx }: { sections: TrackerSection[]; offsetPx: number }) {
  const spy = useScrollSpy({ selector: "#tracker-sections section > h2", offset: offsetPx });
  // The headings are read again when sections come or go. Mantine's `reinitialize` is a new
  // function on every render and sets state on every call: an effect that depended on it ran
  // after every render, an endless loop of hundreds of commits a second, which starved React's
  // Suspense retries, so a tree opened while its code loaded spun forever (issue 31).
  const reinitialize = useRef(spy.reinitialize);
  reinitialize.current = spy.reinitialize;
  useEffect(() => reinitialize.current(), [sections.length]);
  const jump = (id: string) => {
    const el = document.getElementById(id);
    if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - offsetPx, behavior: "smooth" });
  };
  return (
    <Stack gap="xl" id="tracker-sections">
      {/* The page's first sticky bar (spec: 70 px); its cover keeps what scrolls up from showing above it. */}
      <Box style={stickyBar(LAYOUT.stickyTopPx)} data-testid="tracker-toc">
        <StickyCover top={LAYOUT.stickyTopPx} />
        <Paper withBorder p={6} component="nav" aria-label="Sections">
          <Group gap={4}>
            {(spy.initialized && spy.data.length ? spy.data.map((h) => ({ id: h.id, title: h.value })) : sections.map((s) => ({ id: `section-${s.value}`, title: s.title }))).map((h, i) => (
              <Button key={h.id} size="compact-sm" variant={spy.active === i ? "light" : "subtle"} onClick={() => jump(h.id)}>{h.title}</Button>
            ))}
          </Group>
        </Paper>
      </Box>
      {sections.map((s) => (
        <Box component="section" key={s.value} aria-labelledby={`section-${s.value}`} data-testid={`tracker-section-${s.value}`}>
          <Title order={2} id={`section-${s.value}`} mb="sm" size="h3">{s.title}</Title>
          {s.node}
        </Box>
      ))}
    </Stack>
  );
}
