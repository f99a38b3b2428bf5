import { GuestPlaceholder } from "~/components/guest-placeholder";

export const handle = { title: "auth:signup.title" };

export default function SignupPage() {
  return <GuestPlaceholder page="signup" />;
}
