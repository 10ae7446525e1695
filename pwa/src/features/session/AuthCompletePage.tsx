import { Placeholder } from "../../ui/Placeholder";

export default function AuthCompletePage() {
  return <Placeholder title="Completing authentication..." />;
}
