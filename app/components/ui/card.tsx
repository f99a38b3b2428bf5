import type { HTMLAttributes } from "react";
import { cx } from "./cx";

type CardProps = HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "article" };

export function Card({ as: Component = "div", className, ...props }: CardProps) {
  return (
    <Component
      className={cx("rounded-card border border-border bg-surface shadow-card", className)}
      {...props}
    />
  );
}
