import { Placeholder } from "../../ui/Placeholder";

export default function DevTreePage() {
  return <Placeholder title="Passive tree (dev)" />;
}
