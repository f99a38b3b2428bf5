import { useLocation, useSearchParams } from "react-router";
import { SegmentedLinks } from "~/components/ui/segmented-links";

export type LoginMethod = "email" | "phone";

/** The page's login method: `?method=phone`, email otherwise. */
export function useLoginMethod(): LoginMethod {
  const [searchParams] = useSearchParams();
  return searchParams.get("method") === "phone" ? "phone" : "email";
}

/** Email or phone, as links that keep the rest of the query, so it works without JavaScript. */
export function MethodSwitch({
  label,
  emailLabel,
  phoneLabel,
}: {
  label: string;
  emailLabel: string;
  phoneLabel: string;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const method = useLoginMethod();
  const switchTo = (next: LoginMethod) => {
    const params = new URLSearchParams(searchParams);
    if (next === "phone") params.set("method", "phone");
    else params.delete("method");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <SegmentedLinks
      label={label}
      links={[
        { to: switchTo("email"), label: emailLabel, icon: "mail", current: method === "email" },
        { to: switchTo("phone"), label: phoneLabel, icon: "phone", current: method === "phone" },
      ]}
    />
  );
}
