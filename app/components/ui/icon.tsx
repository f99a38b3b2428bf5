import type { SVGProps } from "react";
import { cx } from "./cx";
import { directionalIcons, type IconName } from "./icons/icon-names";
import spriteHref from "./icons/sprite.svg?url";

export { spriteHref };

type IconProps = SVGProps<SVGSVGElement> & { name: IconName; label?: string };

/** An icon from the build-time sprite; decorative unless it has a label. */
export function Icon({ name, label, className, ...props }: IconProps) {
  return (
    <svg
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      data-icon={name}
      className={cx("size-4 shrink-0", directionalIcons.has(name) && "rtl:-scale-x-100", className)}
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
