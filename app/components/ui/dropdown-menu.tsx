import * as Primitive from "@radix-ui/react-dropdown-menu";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cx } from "./cx";
import { Icon } from "./icon";

export const DropdownMenu = Primitive.Root;
export const DropdownMenuTrigger = Primitive.Trigger;
export const DropdownMenuGroup = Primitive.Group;
export const DropdownMenuRadioGroup = Primitive.RadioGroup;

export const DropdownMenuContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof Primitive.Content> & {
    /**
     * False keeps the menu inside its trigger's landmark (a sidebar's menu in the sidebar) rather
     * than at the end of the body; it is positioned the same way.
     */
    portalled?: boolean;
  }
>(function DropdownMenuContent({ className, sideOffset = 6, portalled = true, ...props }, ref) {
  const content = (
    <Primitive.Content
      ref={ref}
      sideOffset={sideOffset}
      className={cx(
        "z-50 min-w-56 rounded-card border border-border bg-surface p-1 text-sm text-text shadow-popover",
        className,
      )}
      {...props}
    />
  );
  return portalled ? <Primitive.Portal>{content}</Primitive.Portal> : content;
});

const itemClass =
  "relative flex h-9 cursor-default select-none items-center gap-2 rounded-control px-2 outline-none data-[highlighted]:bg-surface-muted data-[disabled]:opacity-50";

export const DropdownMenuItem = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof Primitive.Item>
>(function DropdownMenuItem({ className, ...props }, ref) {
  return <Primitive.Item ref={ref} className={cx(itemClass, className)} {...props} />;
});

export const DropdownMenuRadioItem = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof Primitive.RadioItem>
>(function DropdownMenuRadioItem({ className, children, ...props }, ref) {
  return (
    <Primitive.RadioItem ref={ref} className={cx(itemClass, "pe-8", className)} {...props}>
      {children}
      <Primitive.ItemIndicator className="absolute end-2 inline-flex">
        <Icon name="check" className="text-accent" />
      </Primitive.ItemIndicator>
    </Primitive.RadioItem>
  );
});

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  return (
    <Primitive.Label
      className={cx("px-2 pb-1 pt-2 text-xs font-medium text-text-muted", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator() {
  return <Primitive.Separator className="my-1 h-px bg-border" />;
}
