/**
 * The bot's lead form in the widget (docs/x-bot-widget.md, "The lead form"): when it shows, the
 * fields it draws (each with its label, its error tied to it), and the body it sends.
 */
import type { BotPublicConfig } from "./contract";
import { h } from "./dom";
import type { MessageKey, Translate } from "./strings";

export type LeadForm = NonNullable<BotPublicConfig["leadForm"]>;
type Kind = "text" | "email" | "tel" | "number" | "select" | "checkbox";

/** A field as the widget draws it: its name in the body (`custom.<key>` for the owner's own). */
export type LeadField = {
  name: string;
  kind: Kind;
  label: string;
  required: boolean;
  options: string[];
};

/**
 * Whether the form shows now: never once sent; when the server or a card asked for it; before
 * the first message (`before-chat`); or after the visitor's `afterMessages` (`after-messages`).
 */
export function leadFormDue(
  form: LeadForm | null | undefined,
  state: { sent: boolean; asked: boolean; skipped: boolean; visitorMessages: number },
): boolean {
  if (!form || state.sent) return false;
  if (state.asked) return true;
  if (state.skipped && !form.required) return false;
  if (form.when === "before-chat") return true;
  return form.when === "after-messages" && state.visitorMessages >= form.afterMessages;
}

/** The fields of a form in the order drawn: name, email, phone, then the owner's own. */
export function leadFields(form: LeadForm, t: Translate): LeadField[] {
  const builtIn = [
    ["name", "text", "leadName"],
    ["email", "email", "leadEmail"],
    ["phone", "tel", "leadPhone"],
  ] as const;
  const fields: LeadField[] = [];
  for (const [name, kind, label] of builtIn) {
    const mode = form[name];
    if (mode === "off") continue;
    fields.push({ name, kind, label: t(label), required: mode === "required", options: [] });
  }
  for (const field of form.fields) {
    fields.push({
      name: `custom.${field.key}`,
      kind: field.type === "text" ? "text" : field.type,
      label: field.label,
      required: field.required,
      options: field.options,
    });
  }
  return fields;
}

/** What the form's controls hold, by field name (`consent` for the consent box). */
export type LeadInput = Record<string, string | boolean>;

/** The body of `POST /conversations/{id}/lead`: empty values left out, numbers as numbers. */
export function leadBody(form: LeadForm, fields: LeadField[], input: LeadInput) {
  const body: {
    name?: string;
    email?: string;
    phone?: string;
    custom: Record<string, string | number | boolean>;
    consent?: boolean;
  } = { custom: {} };
  for (const field of fields) {
    const value = input[field.name];
    if (field.kind === "checkbox") {
      if (value === true) body.custom[field.name.slice(7)] = true;
      continue;
    }
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) continue;
    if (field.name.startsWith("custom.")) {
      const number = Number(text);
      body.custom[field.name.slice(7)] =
        field.kind === "number" && Number.isFinite(number) ? number : text;
    } else {
      body[field.name as "name" | "email" | "phone"] = text;
    }
  }
  if (form.consentText) body.consent = input.consent === true;
  return body;
}

/** The message of a field's code from the server. */
export function fieldErrorKey(code: string): MessageKey {
  if (code === "REQUIRED") return "leadRequiredField";
  if (code === "CONSENT_REQUIRED") return "leadConsentRequired";
  if (code === "TOO_LONG" || code === "TOO_BIG") return "leadTooLong";
  return "leadInvalid";
}

/** The form drawn, and what the widget does with it. */
export type DrawnLeadForm = {
  element: HTMLFormElement;
  /** What its controls hold now. */
  read(): LeadInput;
  /** The server's codes by field, each shown under its field; the first wrong field focused. */
  showErrors(codes: Record<string, string>): void;
  busy(on: boolean): void;
};

/**
 * The form: a heading, each field with its label (`for` its control), marked required, with a
 * place for its error (`aria-describedby`, `aria-invalid` once wrong), the consent box with the
 * consent text as its label, Send, and Not now where the chat does not wait for it.
 */
export function drawLeadForm(
  form: LeadForm,
  t: Translate,
  id: (part: string) => string,
  actions: { submit: (input: LeadInput) => void; skip?: () => void },
): DrawnLeadForm {
  const fields = leadFields(form, t);
  const controls = new Map<string, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<string, HTMLElement>();
  const row = (name: string, label: string, required: boolean, control: HTMLElement) => {
    const fieldId = id(`lead-${name.replace(".", "-")}`);
    control.id = fieldId;
    control.setAttribute("name", name);
    control.setAttribute("aria-describedby", `${fieldId}-error`);
    if (required) control.setAttribute("aria-required", "true");
    const error = h("p", { class: "lead-error", id: `${fieldId}-error`, hidden: true });
    errors.set(name, error);
    controls.set(name, control as HTMLInputElement);
    const text = h("label", { for: fieldId }, label, required ? " *" : "");
    const checkbox = control.getAttribute("type") === "checkbox";
    return h(
      "div",
      { class: checkbox ? "lead-field lead-check" : "lead-field" },
      ...(checkbox ? [control, text] : [text, control]),
      error,
    );
  };
  const rows = fields.map((field) => {
    let control: HTMLElement;
    if (field.kind === "select") {
      control = h(
        "select",
        {},
        h("option", { value: "" }, t("leadChoose")),
        ...field.options.map((option) => h("option", { value: option }, option)),
      );
    } else {
      control = h("input", {
        type: field.kind,
        dir: field.kind === "email" || field.kind === "tel" ? "ltr" : "auto",
        autocomplete: { name: "name", email: "email", phone: "tel" }[field.name] ?? "off",
        maxlength: field.kind === "checkbox" ? undefined : 500,
        inputmode: field.kind === "number" ? "decimal" : undefined,
      });
    }
    return row(field.name, field.label, field.required, control);
  });
  if (form.consentText) {
    rows.push(row("consent", form.consentText, true, h("input", { type: "checkbox" })));
  }
  const send = h("button", { type: "submit", class: "lead-send" }, t("leadSend"));
  const read = (): LeadInput => {
    const input: LeadInput = {};
    for (const [name, control] of controls) {
      input[name] =
        control.getAttribute("type") === "checkbox"
          ? (control as HTMLInputElement).checked
          : control.value;
    }
    return input;
  };
  const element = h(
    "form",
    {
      class: "lead",
      novalidate: true,
      "aria-labelledby": id("lead-title"),
      onsubmit: (event: Event) => {
        event.preventDefault();
        actions.submit(read());
      },
    },
    h("p", { class: "lead-title", id: id("lead-title") }, t("leadTitle")),
    ...rows,
    h(
      "div",
      { class: "lead-actions" },
      send,
      actions.skip
        ? h("button", { type: "button", class: "lead-skip", onclick: actions.skip }, t("leadSkip"))
        : null,
    ),
  );
  return {
    element,
    read,
    showErrors(codes) {
      let first: HTMLElement | null = null;
      for (const [name, error] of errors) {
        const code = codes[name];
        const control = controls.get(name);
        error.hidden = !code;
        error.textContent = code ? t(fieldErrorKey(code)) : "";
        if (code) control?.setAttribute("aria-invalid", "true");
        else control?.removeAttribute("aria-invalid");
        if (code && !first) first = control ?? null;
      }
      (first as HTMLElement | null)?.focus();
    },
    busy(on) {
      send.disabled = on;
    },
  };
}
