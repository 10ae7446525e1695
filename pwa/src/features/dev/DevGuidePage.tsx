/** /dev/guide?code=<planner code>&character=<id>: the Campaign Guide panel alone, until the tracker embeds it. */
import { Alert, Container, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { CampaignGuide } from "../guide/CampaignGuide";
import { usePlannerBuild } from "../guide/usePlannerBuild";
import { PageLoader } from "../../ui/PageLoader";

export const DEV_CHARACTER_ID = "dev";

export default function DevGuidePage() {
  const [params] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";
  const characterId = params.get("character")?.trim() || DEV_CHARACTER_ID;
  const planner = usePlannerBuild(code);

  if (planner.status === "loading") return <PageLoader label="Decoding planner code" />;
  const build = planner.status === "ready" ? planner.build : null;

  return (
    <Container size="lg" py="md">
      <Stack gap="sm">
        {planner.status === "error" && (
          <Alert color="red" title="Could not read the planner code">
            {planner.message}. Showing the guide without a build.
          </Alert>
        )}
        <Text size="sm" c="dimmed" data-testid="dev-guide-build">
          {build
            ? `Build: ${build.className}${build.ascendancyName ? ` (${build.ascendancyName})` : ""}, bandit ${build.bandit}`
            : "No build: every reward is shown, bandits killed"}
          {` · character ${characterId}`}
        </Text>
        <CampaignGuide characterId={characterId} build={build} />
      </Stack>
    </Container>
  );
}
