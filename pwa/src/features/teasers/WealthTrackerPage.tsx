import { TeaserPage } from "./TeaserPage";
import { TEASERS } from "./teasers";

export default function WealthTrackerPage() {
  return <TeaserPage teaser={TEASERS.wealthTracker} />;
}
