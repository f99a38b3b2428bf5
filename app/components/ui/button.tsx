import { Slot } from "@radix-ui/react-slot";
import { type ButtonHTMLAttributes, forwardRef } from "react";
import { cx } from "./cx";

const variants = {
  primary:
    "bg-accent text-accent-contrast hover:bg-accent-hover border border-transparent shadow-card",
  secondary: "bg-surface text-text border border-border hover:bg-surface-muted shadow-card",
  ghost: "bg-transparent text-text border border-transparent hover:bg-surface-muted",
  danger:
    "bg-danger text-danger-contrast hover:bg-danger-hover border border-transparent shadow-card",
} as const;

const sizes = {
  sm: "h-8 px-3 text-sm gap-1.5",
  md: "h-10 px-4 text-sm gap-2",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the child (a Link, say) with the button's look. */
  asChild?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", asChild, className, type, ...props },
  ref,
) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? "button")}
      className={cx(
        "inline-flex items-center justify-center rounded-control font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
