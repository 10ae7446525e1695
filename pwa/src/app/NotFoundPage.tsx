import { Button, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { firstContentShown } from "../ui/idle";

export function NotFoundPage() {
  useEffect(firstContentShown, []);
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md" data-testid="not-found">
      <Title order={1}>404</Title>
      <Text size="lg">Page not found</Text>
      <Button component={Link} to="/build/browse/explore" variant="light">
        Build browser
      </Button>
    </Stack>
  );
}
