import { GuestPlaceholder } from "~/components/guest-placeholder";

export const handle = { title: "auth:reset.title" };

export default function ResetPage() {
  return <GuestPlaceholder page="reset" />;
}
