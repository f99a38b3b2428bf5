import { formatPhone } from "~/lib/phones";
import { cx } from "./ui/cx";

/**
 * A stored number in international form, left to right inside a right-to-left page, as a link
 * that calls it.
 */
export function PhoneNumber({ e164, className }: { e164: string; className?: string }) {
  return (
    <a href={`tel:${e164}`} dir="ltr" className={cx("text-accent hover:underline", className)}>
      <bdi>{formatPhone(e164)}</bdi>
    </a>
  );
}
