import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/input";
import { PasswordField } from "~/components/ui/password-field";
import { SelectField } from "~/components/ui/select";
import { TextareaField } from "~/components/ui/textarea";
import { useErrorText } from "~/lib/app-form";

/**
 * The kit's fields bound to a Conform field: name, id, default value and the schema's
 * constraints come from `meta`, the error from its translated message. aria-invalid and
 * aria-describedby are the kit's, which also point at the hint.
 */

/** A field of a Conform form, whatever the form's shape. */
export type FieldMeta = FieldMetadata<string | undefined> | FieldMetadata<unknown>;
type Meta = FieldMeta;
type InputType = "text" | "email" | "tel" | "url" | "search" | "hidden" | "date" | "number";

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name"> & {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  type?: InputType;
};

export function InputField({ meta, label, hint, type = "text", ...props }: InputFieldProps) {
  const errorText = useErrorText();
  const { key, ...conform } = getInputProps(meta as FieldMetadata<string>, {
    type,
    ariaAttributes: false,
  });
  const email = type === "email" ? { dir: "ltr", autoComplete: "email" } : {};
  return (
    <Field
      key={key}
      label={label}
      hint={hint}
      error={errorText(meta.errors)}
      {...email}
      {...conform}
      {...props}
    />
  );
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name"> & {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  children?: ReactNode;
};

export function PasswordInput({ meta, label, hint, children, ...props }: PasswordInputProps) {
  const errorText = useErrorText();
  const {
    key,
    type: _type,
    ...conform
  } = getInputProps(meta as FieldMetadata<string>, {
    type: "password",
    ariaAttributes: false,
  });
  return (
    <PasswordField
      key={key}
      label={label}
      hint={hint}
      error={errorText(meta.errors)}
      {...conform}
      {...props}
    >
      {children}
    </PasswordField>
  );
}

type CheckboxInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name"> & {
  meta: Meta;
  label: ReactNode;
};

export function CheckboxInput({ meta, label, ...props }: CheckboxInputProps) {
  const errorText = useErrorText();
  const {
    key,
    type: _type,
    ...conform
  } = getInputProps(meta as FieldMetadata<string>, {
    type: "checkbox",
    ariaAttributes: false,
  });
  return (
    <Checkbox key={key} label={label} error={errorText(meta.errors)} {...conform} {...props} />
  );
}

type SelectInputProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
  meta: Meta;
  label: string;
  hint?: string;
  options: { value: string; label: string; lang?: string }[];
};

export function SelectInput({ meta, label, hint, options, ...props }: SelectInputProps) {
  const errorText = useErrorText();
  const { key, ...conform } = getSelectProps(meta as FieldMetadata<string>, {
    ariaAttributes: false,
  });
  return (
    <SelectField
      key={key}
      label={label}
      hint={hint}
      options={options}
      error={errorText(meta.errors)}
      {...conform}
      {...props}
    />
  );
}

type TextareaInputProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> & {
  meta: Meta;
  label: string;
  hint?: string;
};

export function TextareaInput({ meta, label, hint, ...props }: TextareaInputProps) {
  const errorText = useErrorText();
  const { key, ...conform } = getTextareaProps(meta as FieldMetadata<string>, {
    ariaAttributes: false,
  });
  return (
    <TextareaField
      key={key}
      label={label}
      hint={hint}
      error={errorText(meta.errors)}
      {...conform}
      {...props}
    />
  );
}

/** A 6-digit key from a message: digits, left to right, filled in from the message by the OS. */
export function KeyInput(props: Omit<InputFieldProps, "type">) {
  return (
    <InputField
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={6}
      className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
      {...props}
    />
  );
}
