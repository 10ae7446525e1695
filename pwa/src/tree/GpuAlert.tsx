import { Alert, Text } from "@mantine/core";

/** Shown instead of the canvas where WebGL is unavailable (spec §2, §8). */
export function GpuAlert() {
  return (
    <Alert color="red" variant="light" title="GPU acceleration is not available" data-testid="gpu-alert">
      <Text size="sm">GPU acceleration has been blocked or is not available on this device.</Text>
      <Text size="sm">Please try to use a different web browser.</Text>
    </Alert>
  );
}
