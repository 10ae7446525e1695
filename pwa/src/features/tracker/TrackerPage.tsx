import { Placeholder } from "../../ui/Placeholder";

export default function TrackerPage() {
  return <Placeholder title="Build tracker" />;
}
