import type { Locale } from "../db/schema";
import { escapeHtml, formatMinutes, translator } from "./messages";
import type { AddressChangedMessage, InvitationMessage, KeyMessage, KeyPurpose } from "./messenger";

export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * What a mail is made of. A new kind of mail (an invitation, say) builds its blocks from its own
 * section of mail.json and hands them to renderEmail, which owns the look of every mail.
 */
export type EmailBlock =
  | { type: "paragraph"; text: string }
  /** A one-time key, shown large and alone so that it is easy to read and to copy. */
  | { type: "key"; label: string; value: string; hint: string }
  /** A call to action; the plain-text part shows the address itself. */
  | { type: "link"; label: string; url: string }
  /** Secondary text, such as "ignore this if it was not you". */
  | { type: "note"; text: string };

export type EmailContent = {
  locale: Locale;
  subject: string;
  /** The line mail clients show next to the subject in the inbox. */
  preheader: string;
  heading: string;
  greeting: string;
  blocks: EmailBlock[];
};

/** Each key purpose has its own section in mail.json. */
const keySections: Record<KeyPurpose, string> = {
  registration: "registration",
  password_reset: "passwordReset",
  address_change: "addressChange",
};

export function renderKeyEmail(message: KeyMessage): RenderedEmail {
  const t = translator(message.locale);
  const section = keySections[message.purpose];
  const duration = formatMinutes(message.locale, message.expiresInMinutes);
  return renderEmail({
    locale: message.locale,
    subject: t(`${section}.subject`),
    preheader: t(`${section}.preheader`),
    heading: t(`${section}.heading`),
    greeting: t("layout.greeting", { firstName: message.firstName }),
    blocks: [
      { type: "paragraph", text: t(`${section}.intro`) },
      { type: "key", label: t("key.label"), value: message.key, hint: t("key.copyHint") },
      { type: "paragraph", text: t("key.expires", { duration }) },
      { type: "note", text: t("layout.ignore") },
    ],
  });
}

export function renderKeySms(message: KeyMessage): string {
  const t = translator(message.locale);
  return t(`${keySections[message.purpose]}.sms`, {
    key: message.key,
    duration: formatMinutes(message.locale, message.expiresInMinutes),
  });
}

export function renderInvitationEmail(message: InvitationMessage): RenderedEmail {
  const t = translator(message.locale);
  const values = {
    inviter: message.inviterName,
    organization: message.organizationName,
    role: t(`roles.${message.role}`),
  };
  const duration = new Intl.NumberFormat(`${message.locale}-u-nu-latn`, {
    style: "unit",
    unit: "day",
    unitDisplay: "long",
  }).format(message.expiresInDays);
  return renderEmail({
    locale: message.locale,
    subject: t("invitation.subject", values),
    preheader: t("invitation.preheader", values),
    heading: t("invitation.heading", values),
    greeting: t("layout.greetingWithoutName"),
    blocks: [
      { type: "paragraph", text: t("invitation.intro", values) },
      { type: "link", label: t("invitation.accept"), url: message.url },
      { type: "paragraph", text: t("invitation.expires", { duration }) },
      { type: "note", text: t("invitation.ignore", values) },
    ],
  });
}

/** Which sentence tells what changed: the email or the phone, changed or removed. */
function addressChangedSentence(message: AddressChangedMessage) {
  const which = message.changed === "PHONE" ? "phone" : "email";
  return message.now === null ? `${which}Removed` : `${which}Changed`;
}

export function renderAddressChangedEmail(message: AddressChangedMessage): RenderedEmail {
  const t = translator(message.locale);
  return renderEmail({
    locale: message.locale,
    subject: t("addressChanged.subject"),
    preheader: t("addressChanged.preheader"),
    heading: t("addressChanged.heading"),
    greeting: t("layout.greeting", { firstName: message.firstName }),
    blocks: [
      {
        type: "paragraph",
        text: t(`addressChanged.${addressChangedSentence(message)}`, { now: message.now ?? "" }),
      },
      { type: "paragraph", text: t("addressChanged.notYou") },
      { type: "link", label: t("addressChanged.reset"), url: message.resetUrl },
    ],
  });
}

export function renderAddressChangedSms(message: AddressChangedMessage): string {
  const t = translator(message.locale);
  return t(`addressChanged.sms.${addressChangedSentence(message)}`, { now: message.now ?? "" });
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const t = translator(content.locale);
  const footer = { signature: t("layout.signature"), footer: t("layout.footer") };
  return {
    subject: content.subject,
    text: renderText(content, footer),
    html: renderHtml(content, { ...footer, productName: t("productName") }),
  };
}

function renderText(content: EmailContent, footer: { signature: string; footer: string }) {
  const paragraphs = content.blocks.map((block) => {
    switch (block.type) {
      case "key":
        return `${block.label}: ${block.value}`;
      case "link":
        return `${block.label}:\n${block.url}`;
      default:
        return block.text;
    }
  });
  return `${[content.greeting, ...paragraphs, footer.signature].join("\n\n")}\n\n-- \n${footer.footer}\n`;
}

// Mail clients ignore <style> and most modern CSS, so the layout is tables with inline styles,
// and alignment follows the direction explicitly instead of through logical properties.
const colors = {
  background: "#f7f7f8",
  surface: "#ffffff",
  surfaceMuted: "#f1f2f4",
  border: "#e3e5e8",
  text: "#16181d",
  textMuted: "#5c6370",
  accent: "#4f46e5",
  accentContrast: "#ffffff",
};

const fontStacks: Record<Locale, string> = {
  en: "Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
  ar: "'IBM Plex Sans Arabic','Noto Sans Arabic','Segoe UI',Tahoma,Arial,sans-serif",
};

function renderHtml(
  content: EmailContent,
  chrome: { signature: string; footer: string; productName: string },
) {
  const dir = content.locale === "ar" ? "rtl" : "ltr";
  const align = dir === "rtl" ? "right" : "left";
  const font = fontStacks[content.locale];
  // Some clients (Outlook's Word engine) do not inherit fonts from table cells, so every text
  // element names its own.
  const text = (size: number, color: string, extra = "") =>
    `font-family:${font};font-size:${size}px;line-height:1.6;color:${color};${extra}`;
  const paragraph = `margin:0 0 16px;${text(16, colors.text)}`;

  const renderBlock = (block: EmailBlock): string => {
    switch (block.type) {
      case "paragraph":
        return `<p style="${paragraph}">${escapeHtml(block.text)}</p>`;
      case "note":
        return `<p style="margin:0 0 16px;${text(14, colors.textMuted)}">${escapeHtml(block.text)}</p>`;
      case "link":
        return [
          `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>`,
          `<td style="border-radius:8px;background-color:${colors.accent};">`,
          `<a href="${escapeHtml(safeUrl(block.url))}" style="display:inline-block;padding:12px 24px;border-radius:8px;text-decoration:none;${text(16, colors.accentContrast, "font-weight:600;")}">${escapeHtml(block.label)}</a>`,
          `</td></tr></table>`,
        ].join("");
      case "key":
        return [
          `<p style="margin:8px 0;${text(14, colors.textMuted, "font-weight:600;")}">${escapeHtml(block.label)}</p>`,
          // Digits read left to right in both languages. The extra start padding balances the
          // letter-spacing after the last digit; user-select lets one click take the whole key.
          `<p dir="ltr" style="margin:0 0 8px;padding:16px 16px 16px 24px;text-align:center;background-color:${colors.surfaceMuted};border:1px solid ${colors.border};border-radius:8px;font-family:'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace;font-size:32px;line-height:1.2;font-weight:700;letter-spacing:8px;color:${colors.text};-webkit-user-select:all;user-select:all;">${escapeHtml(block.value)}</p>`,
          `<p style="margin:0 0 24px;${text(13, colors.textMuted)}">${escapeHtml(block.hint)}</p>`,
        ].join("\n");
    }
  };

  const cell = `dir="${dir}" align="${align}"`;
  return `<!doctype html>
<html lang="${content.locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.background};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:${colors.background};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;">
<tr><td ${cell} style="padding:0 4px 16px;text-align:${align};${text(20, colors.accent, "font-weight:700;")}">${escapeHtml(chrome.productName)}</td></tr>
<tr><td ${cell} style="padding:32px;text-align:${align};background-color:${colors.surface};border:1px solid ${colors.border};border-radius:12px;">
<h1 style="margin:0 0 24px;${text(22, colors.text, "line-height:1.3;font-weight:700;")}">${escapeHtml(content.heading)}</h1>
<p style="${paragraph}">${escapeHtml(content.greeting)}</p>
${content.blocks.map(renderBlock).join("\n")}
<p style="margin:24px 0 0;${text(16, colors.text)}">${escapeHtml(chrome.signature)}</p>
</td></tr>
<tr><td ${cell} style="padding:16px 4px 0;text-align:${align};${text(12, colors.textMuted)}">${escapeHtml(chrome.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Only web addresses go into a mail's links; anything else is a bug, not something to send. */
function safeUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Refusing a ${parsed.protocol} link in a mail`);
  }
  return parsed.toString();
}
