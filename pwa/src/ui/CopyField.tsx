import { Button, CopyButton, Group, TextInput } from "@mantine/core";

/** A read-only value with a copy button ('Copy', then 'Copied'). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs" data-testid={testId}>
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid={testId && `${testId}-input`} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button color={copied ? "teal" : undefined} onClick={copy} w={90} data-testid={testId && `${testId}-copy`}>
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
