import { Form } from "react-router";
import { Button } from "./button";
import { cx } from "./cx";
import { Icon } from "./icon";
import { Input } from "./input";

/** A list's search: a GET form that puts `q` in the address, so it works without JavaScript. */
export function SearchForm({
  id,
  label,
  placeholder,
  submitLabel,
  defaultValue,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  defaultValue: string;
  className?: string;
}) {
  return (
    <Form method="get" role="search" className={cx("flex gap-2", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={defaultValue}
        placeholder={placeholder}
      />
      <Button type="submit" variant="secondary">
        <Icon name="search" />
        {submitLabel}
      </Button>
    </Form>
  );
}
