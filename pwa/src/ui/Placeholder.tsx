import { Badge, Stack, Text, Title } from "@mantine/core";

/** A screen that a later change fills; says so plainly instead of pretending. */
export function Placeholder({ title, note }: { title: string; note?: string }) {
  return (
    <Stack gap="sm" data-testid="placeholder">
      <Title order={1}>{title}</Title>
      <Badge variant="outline" color="gray" w="fit-content">Coming soon</Badge>
      {note && <Text c="dimmed">{note}</Text>}
    </Stack>
  );
}
