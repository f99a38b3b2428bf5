import { Form, useLocation } from "react-router";
import { useSubmitAsYouType } from "~/lib/use-submit-as-you-type";
import { Button } from "./button";
import { cx } from "./cx";
import { Icon } from "./icon";
import { Input } from "./input";

/**
 * A list's search: a GET form that puts `q` (or `name`) in the address, so it works without
 * JavaScript, and searches as one types with it. `keep` carries the address's other parameters, where the page has some of its own.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  submitLabel,
  defaultValue,
  name = "q",
  keep = {},
  hash,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  defaultValue: string;
  name?: string;
  keep?: Record<string, string>;
  /** Where the answer lands (`#recipes`), for a list below the top of its page. */
  hash?: string;
  className?: string;
}) {
  const { pathname } = useLocation();
  const asYouType = useSubmitAsYouType();
  return (
    <Form
      method="get"
      action={hash ? `${pathname}${hash}` : undefined}
      role="search"
      preventScrollReset={Boolean(hash)}
      className={cx("flex gap-2", className)}
      key={asYouType.key}
      {...asYouType.form}
    >
      {Object.entries(keep).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        name={name}
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
