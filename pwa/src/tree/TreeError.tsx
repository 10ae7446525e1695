import { Alert, Button, Text } from "@mantine/core";
import { TREE_ERROR_TITLE } from "./drawWatch";

/** Why a tree view shows no tree, and 'Try again' (which mounts the view afresh). */
export function TreeError({ reason, onRetry }: { reason?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title={TREE_ERROR_TITLE} data-testid="tree-error">
      {reason && <Text size="sm" data-testid="tree-error-reason">{reason}</Text>}
      {onRetry && <Button mt="sm" variant="default" onClick={onRetry}>Try again</Button>}
    </Alert>
  );
}
