import { Placeholder } from "../../ui/Placeholder";

export default function BrowsePage() {
  return <Placeholder title="Build browser" />;
}
