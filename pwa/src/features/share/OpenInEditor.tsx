import { Button } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { putSharedInput, type SharedInput } from "./sharedInput";

/** Hands an input to Create New Build's import box, as a share does (sessionStorage, so a long code never rides in the URL). */
export function OpenInEditor({ input }: { input: SharedInput }) {
  const navigate = useNavigate();
  return (
    <Button
      mt="sm"
      size="xs"
      variant="white"
      color="dark"
      onClick={() => {
        putSharedInput(input);
        navigate("/build/create");
      }}
      data-testid="open-in-editor"
    >
      Load it in Create New Build
    </Button>
  );
}
