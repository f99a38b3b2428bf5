import { GuestPlaceholder } from "~/components/guest-placeholder";

export const handle = { title: "auth:forgot.title" };

export default function ForgotPage() {
  return <GuestPlaceholder page="forgot" />;
}
