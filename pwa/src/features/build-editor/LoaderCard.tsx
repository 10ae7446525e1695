import { Alert, Box, Button, Card, FileButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState, type DragEvent } from "react";
import { useSharedInput } from "../share/useSharedInput";
import { OpenInEditor } from "../share/OpenInEditor";
import type { LoadError } from "./loader";

export interface LoaderCardProps {
  /** `fileName` when the text is a dropped or chosen file's. */
  onLoad: (text: string, source: string, fileName?: string) => Promise<boolean>;
  loading: boolean;
  /** What is loading ("pobb.in link", "planner code"), said while it loads. */
  loadingLabel?: string;
  fieldError?: string;
  loadError?: LoadError;
  label?: string;
  placeholder?: string;
  testId?: string;
  /**
   * A link, code or XML file shared to the installed app (features/share): the editor's first
   * loader loads it; the Change Build loader inside a draft, which a load would change, only
   * shows it in the box.
   */
  shared?: "load" | "fill";
}

/** Files above this are not planner exports (the decoder's XML cap is 4 MB). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/**
 * The import box: one field and Load, for a pobb.in, pastebin, poe.ninja or maxroll link, a planner code,
 * a Waypoint build link or slug, raw XML, or a planner XML file (dropped or picked). importInput.ts says
 * which it was given.
 */
export function LoaderCard({ onLoad, loading, loadingLabel, fieldError, loadError, label = "Build link, planner code or Waypoint slug", placeholder = "https://pobb.in/..., a planner code or a Waypoint slug", testId = "loader", shared = "load" }: LoaderCardProps) {
  const [value, setValue] = useState("");
  useSharedInput(setValue, onLoad, shared);
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string>();

  const readFile = async (file: File | null) => {
    if (!file) return;
    setFileError(undefined);
    if (file.size > MAX_FILE_BYTES) return setFileError(`${file.name} is larger than 4 MB; a planner export is much smaller.`);
    await onLoad(await file.text(), file.name, file.name);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files?.[0] ?? null);
  };

  return (
    <Card
      withBorder
      padding="lg"
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={dragging ? { outline: "2px dashed var(--mantine-color-blue-5)" } : undefined}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onLoad(value, value.trim());
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label={label}
              placeholder={placeholder}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={fieldError}
              disabled={loading}
              data-testid={`${testId}-input`}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" loading={loading} mt={25} data-testid={`${testId}-load`}>Load</Button>
          </Group>
          <Group gap="xs">
            <Text size="sm" c="gray.5">or drop a planner XML file here, or</Text>
            <FileButton onChange={(f) => void readFile(f)} accept=".xml,text/xml,application/xml,.txt,text/plain">
              {(props) => <Button {...props} variant="subtle" size="compact-sm" disabled={loading} data-testid={`${testId}-file`}>choose a file</Button>}
            </FileButton>
          </Group>
          {loading && loadingLabel && <Text size="sm" c="gray.4" role="status" data-testid={`${testId}-kind`}>Loading {loadingLabel}...</Text>}
          {fileError && <Text c="red" size="sm">{fileError}</Text>}
          {loadError && (
            <Alert color="red" title={loadError.title} data-testid={`${testId}-error`} role="alert">
              <Box>{loadError.message}</Box>
              {loadError.forEditor && <OpenInEditor input={loadError.forEditor} />}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
