import { Button, Stack, Title } from "@mantine/core";
import type { RadiusListItem } from "./jewelRadius";

/**
 * The radius jewels in the tree's text alternative (issue 34): one toggle button per jewel; pressed (by
 * keyboard or pointer), the passives inside its circle are highlighted on the canvas, as hovering its
 * socket does. Labels from jewelRadius.ts radiusListItems.
 */
export function JewelRadiusList({ items, shown, onShow }: { items: RadiusListItem[]; shown: number | null; onShow: (socketId: number | null) => void }) {
  if (items.length === 0) return null;
  return (
    <section data-testid="tree-jewel-radius-list" style={{ marginBottom: 16 }}>
      <Title order={2} size="h5" mb={6}>Jewel radii</Title>
      <Stack gap={4} align="flex-start">
        {items.map(({ socketId, label }) => (
          <Button
            key={socketId}
            data-socket={socketId}
            variant={shown === socketId ? "light" : "subtle"}
            color="gray"
            size="compact-sm"
            h="auto"
            py={4}
            aria-pressed={shown === socketId}
            onClick={() => onShow(shown === socketId ? null : socketId)}
            styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </section>
  );
}
