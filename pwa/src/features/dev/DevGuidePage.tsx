import { Placeholder } from "../../ui/Placeholder";

export default function DevGuidePage() {
  return <Placeholder title="Campaign Guide (dev)" />;
}
