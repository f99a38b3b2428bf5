import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode, RefObject } from "react";
import { Form } from "react-router";
import type { CurrentUser } from "~/lib/user";
import { useDropNotice } from "../notice";

/**
 * A form of the account page: it posts its intent to the page, keeps the scroll, and takes the
 * last save's notice away when the browser's check stops it (the notice would say it worked).
 */
export function AccountForm<Values extends Record<string, unknown>>({
  form,
  formRef,
  intent,
  className,
  multipart,
  children,
}: {
  form: FormMetadata<Values, string[]>;
  formRef: RefObject<HTMLFormElement>;
  intent: string;
  className: string;
  /** The form sends a file. */
  multipart?: boolean;
  children: ReactNode;
}) {
  const dropNotice = useDropNotice();
  return (
    <Form
      ref={formRef}
      method="post"
      action="."
      encType={multipart ? "multipart/form-data" : undefined}
      preventScrollReset
      className={className}
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event);
        if (event.defaultPrevented) dropNotice();
      }}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** The account's sign-in name, hidden: password managers file a new password under it. */
export function AccountUsername({ user }: { user: CurrentUser }) {
  return (
    <input
      type="text"
      name="username"
      autoComplete="username"
      value={user.email ?? user.phone ?? ""}
      readOnly
      hidden
    />
  );
}
