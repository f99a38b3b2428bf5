import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../../locales/ar/widget.json";
import en from "../../../locales/en/widget.json";
import {
  drawLeadForm,
  fieldErrorKey,
  type LeadForm,
  leadBody,
  leadFields,
  leadFormDue,
} from "../../../widget/lead-form";
import { translator } from "../../../widget/strings";

/** Just enough of an element for the form: attributes, children, listeners, text. */
class Element {
  readonly attributes = new Map<string, string>();
  readonly children: (Element | string)[] = [];
  readonly listeners = new Map<string, (event: unknown) => void>();
  hidden = false;
  disabled = false;
  checked = false;
  value = "";
  focused = false;
  private text = "";
  constructor(readonly tagName: string) {}
  set id(value: string) {
    this.attributes.set("id", value);
  }
  get id() {
    return this.attributes.get("id") ?? "";
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
    if (name === "hidden") this.hidden = true;
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  addEventListener(name: string, listener: (event: unknown) => void) {
    this.listeners.set(name, listener);
  }
  append(...nodes: (Element | string)[]) {
    this.children.push(...nodes);
  }
  set textContent(value: string) {
    this.text = value;
  }
  get textContent(): string {
    return (
      this.text ||
      this.children.map((child) => (typeof child === "string" ? child : child.textContent)).join("")
    );
  }
  focus() {
    this.focused = true;
  }
  all(): Element[] {
    return this.children.flatMap((child) =>
      typeof child === "string" ? [] : [child, ...child.all()],
    );
  }
}

const realDocument = globalThis.document;
beforeAll(() => {
  globalThis.document = {
    createElement: (tag: string) => new Element(tag),
  } as unknown as Document;
});
afterAll(() => {
  globalThis.document = realDocument;
});

const form: LeadForm = {
  when: "before-chat",
  afterMessages: 3,
  required: true,
  name: "required",
  email: "optional",
  phone: "off",
  fields: [
    { key: "seats", label: "Seats", type: "number", required: true, options: [] },
    { key: "plan", label: "Plan", type: "select", required: false, options: ["basic", "pro"] },
    { key: "news", label: "News", type: "checkbox", required: false, options: [] },
  ],
  consentText: "I agree to be contacted.",
};

const state = { sent: false, asked: false, skipped: false, visitorMessages: 0 };

describe("when the lead form shows", () => {
  it("before the chat, after N messages, when asked, and never once sent", () => {
    expect(leadFormDue(form, state)).toBe(true);
    expect(leadFormDue(form, { ...state, sent: true, asked: true })).toBe(false);
    expect(leadFormDue(null, { ...state, asked: true })).toBe(false);
    const after = { ...form, when: "after-messages" as const, afterMessages: 2 };
    expect(leadFormDue(after, { ...state, visitorMessages: 1 })).toBe(false);
    expect(leadFormDue(after, { ...state, visitorMessages: 2 })).toBe(true);
    const never = { ...form, when: "never" as const };
    expect(leadFormDue(never, { ...state, visitorMessages: 9 })).toBe(false);
    expect(leadFormDue(never, { ...state, asked: true })).toBe(true);
  });

  it("stays away once put off, unless the chat waits for it", () => {
    const optional = { ...form, required: false };
    expect(leadFormDue(optional, { ...state, skipped: true })).toBe(false);
    expect(leadFormDue(form, { ...state, skipped: true })).toBe(true);
  });
});

describe("the lead form's fields and body", () => {
  it("lists the fields asked for, labelled in the widget's language", () => {
    expect(leadFields(form, translator("en")).map((field) => [field.name, field.label])).toEqual([
      ["name", "Name"],
      ["email", "Email"],
      ["custom.seats", "Seats"],
      ["custom.plan", "Plan"],
      ["custom.news", "News"],
    ]);
    expect(leadFields(form, translator("ar"))[0]?.label).toBe("الاسم");
  });

  it("sends what was filled in, numbers as numbers, and the consent", () => {
    const fields = leadFields(form, translator("en"));
    expect(
      leadBody(form, fields, {
        name: "  Hala ",
        email: "",
        "custom.seats": "12",
        "custom.plan": "",
        "custom.news": true,
        consent: true,
      }),
    ).toEqual({ name: "Hala", custom: { seats: 12, news: true }, consent: true });
    const noConsent = { ...form, consentText: "" };
    expect(leadBody(noConsent, fields, {})).toEqual({ custom: {} });
  });

  it("has its messages in English and Arabic, for every code the server gives", () => {
    const keys = Object.keys(en).filter((key) => key.startsWith("lead"));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      expect(ar[key as keyof typeof ar], key).toBeTruthy();
      expect(ar[key as keyof typeof ar], key).not.toBe(en[key as keyof typeof en]);
    }
    for (const code of ["REQUIRED", "CONSENT_REQUIRED", "TOO_LONG", "INVALID_FORMAT", "X"]) {
      expect(keys).toContain(fieldErrorKey(code));
    }
  });
});

describe("the drawn lead form", () => {
  const draw = (lead: LeadForm, skip?: () => void) => {
    const submitted: unknown[] = [];
    const drawn = drawLeadForm(lead, translator("en"), (part) => `qb1-${part}`, {
      submit: (input) => submitted.push(input),
      skip,
    });
    const element = drawn.element as unknown as Element;
    return { drawn, element, submitted, all: element.all() };
  };

  it("labels every control, ties its error to it and marks the required ones", () => {
    const { all } = draw(form);
    const controls = all.filter((e) => e.tagName === "input" || e.tagName === "select");
    expect(controls.map((control) => control.getAttribute("name"))).toEqual([
      "name",
      "email",
      "custom.seats",
      "custom.plan",
      "custom.news",
      "consent",
    ]);
    for (const control of controls) {
      const label = all.find((e) => e.tagName === "label" && e.getAttribute("for") === control.id);
      expect(label, control.id).toBeDefined();
      const error = all.find((e) => e.id === control.getAttribute("aria-describedby"));
      expect(error?.hidden, control.id).toBe(true);
    }
    const required = controls.filter((control) => control.getAttribute("aria-required"));
    expect(required.map((control) => control.getAttribute("name"))).toEqual([
      "name",
      "custom.seats",
      "consent",
    ]);
    const consent = all.find((e) => e.getAttribute("for") === "qb1-lead-consent");
    expect(consent?.textContent).toContain("I agree to be contacted.");
    expect(all.find((e) => e.getAttribute("type") === "number")?.getAttribute("inputmode")).toBe(
      "decimal",
    );
    expect(all.find((e) => e.tagName === "select")?.children).toHaveLength(3);
  });

  it("shows the server's errors by field, focuses the first, and clears them again", () => {
    const { drawn, all } = draw(form);
    drawn.showErrors({ "custom.seats": "REQUIRED", consent: "CONSENT_REQUIRED" });
    const seats = all.find((e) => e.id === "qb1-lead-custom-seats");
    const seatsError = all.find((e) => e.id === "qb1-lead-custom-seats-error");
    expect(seats?.getAttribute("aria-invalid")).toBe("true");
    expect(seats?.focused).toBe(true);
    expect(seatsError?.hidden).toBe(false);
    expect(seatsError?.textContent).toBe("Required.");
    expect(all.find((e) => e.id === "qb1-lead-consent-error")?.textContent).toBe(
      "Your consent is needed to send the form.",
    );
    expect(all.find((e) => e.id === "qb1-lead-name")?.getAttribute("aria-invalid")).toBeNull();
    drawn.showErrors({});
    expect(seats?.getAttribute("aria-invalid")).toBeNull();
    expect(seatsError?.hidden).toBe(true);
  });

  it("reads its controls on submit, and offers Not now only where the chat does not wait", () => {
    const { element, all, submitted } = draw(form);
    (all.find((e) => e.id === "qb1-lead-name") as Element).value = "Hala";
    (all.find((e) => e.id === "qb1-lead-consent") as Element).checked = true;
    element.listeners.get("submit")?.({ preventDefault() {} });
    expect(submitted).toEqual([
      expect.objectContaining({ name: "Hala", consent: true, "custom.news": false }),
    ]);
    expect(all.some((e) => e.getAttribute("class") === "lead-skip")).toBe(false);
    const optional = draw({ ...form, required: false }, () => {});
    expect(optional.all.some((e) => e.getAttribute("class") === "lead-skip")).toBe(true);
  });
});
