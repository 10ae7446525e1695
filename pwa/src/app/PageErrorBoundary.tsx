/**
 * One error boundary per page: a render error shows the spec's generic error
 * ('Something went wrong' with Try again) inside the layout, instead of a
 * blank screen. Try again renders the page afresh; moving to another path
 * clears the error too.
 */
import { Button, Stack, Text, Title } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ForcedRenderError, TEST_HOOKS } from "./testHooks";

interface Props {
  resetKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("page render error", error, info.componentStack);
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Stack align="center" justify="center" mih="50vh" gap="md" role="alert" data-testid="render-error">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" size="sm">This page could not be shown.</Text>
        <Button onClick={() => this.setState({ error: null })} data-testid="render-error-retry">Try again</Button>
      </Stack>
    );
  }
}

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      {TEST_HOOKS && <ForcedRenderError />}
      {children}
    </ErrorBoundary>
  );
}
