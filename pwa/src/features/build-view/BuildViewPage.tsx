import { Placeholder } from "../../ui/Placeholder";

export default function BuildViewPage() {
  return <Placeholder title="Build" />;
}
