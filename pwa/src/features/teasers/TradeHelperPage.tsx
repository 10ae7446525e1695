import { TeaserPage } from "./TeaserPage";
import { TEASERS } from "./teasers";

export default function TradeHelperPage() {
  return <TeaserPage teaser={TEASERS.tradeHelper} />;
}
