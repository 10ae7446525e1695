import { Placeholder } from "../../ui/Placeholder";

export default function CreateBuildPage() {
  return <Placeholder title="Create New Build" />;
}
