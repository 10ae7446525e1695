import { Center, Loader } from "@mantine/core";

/** The progress indicator every lazy page and data load shows while it waits. */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label} data-testid="page-loader">
      <Loader />
    </Center>
  );
}
