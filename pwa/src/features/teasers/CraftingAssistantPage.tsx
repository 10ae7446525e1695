import { TeaserPage } from "./TeaserPage";
import { TEASERS } from "./teasers";

export default function CraftingAssistantPage() {
  return <TeaserPage teaser={TEASERS.craftingAssistant} />;
}
