/**
 * The widget's styles, inside its shadow root only. `:host { all: initial }` stops the page's
 * inherited styles (font, colour, line height, direction) at the widget's edge; the shadow root
 * keeps these rules from reaching the page. Logical properties only, so Arabic mirrors.
 */
export const widgetStyles = `
:host { all: initial; }
:host([data-contained]) { display: block; position: relative; contain: layout; block-size: 100%; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.qb {
  --qb-bg: #ffffff; --qb-surface: #f3f4f6; --qb-text: #111827; --qb-muted: #4b5563;
  --qb-border: #d1d5db; --qb-shadow: 0 12px 32px rgb(0 0 0 / 0.18);
  --qb-focus: var(--qb-focus-light);
  font-family: var(--qb-font); font-size: 15px; line-height: 1.5; color: var(--qb-text);
  -webkit-font-smoothing: antialiased;
}
.qb[data-theme="dark"] {
  --qb-bg: #111318; --qb-surface: #1f232b; --qb-text: #f3f4f6; --qb-muted: #b6bcc8;
  --qb-border: #3a404c; --qb-danger: #fca5a5; --qb-shadow: 0 12px 32px rgb(0 0 0 / 0.5); --qb-focus: var(--qb-focus-dark);
  color-scheme: dark;
}
@media (prefers-color-scheme: dark) {
  .qb[data-theme="auto"] {
    --qb-bg: #111318; --qb-surface: #1f232b; --qb-text: #f3f4f6; --qb-muted: #b6bcc8;
    --qb-border: #3a404c; --qb-danger: #fca5a5; --qb-shadow: 0 12px 32px rgb(0 0 0 / 0.5); --qb-focus: var(--qb-focus-dark);
    color-scheme: dark;
  }
}
button, textarea, input, select { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid var(--qb-focus); outline-offset: 2px; }
.sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

.launcher {
  position: fixed; inset-block-end: 20px; inset-inline-end: 20px; z-index: 2147483000;
  inline-size: 56px; block-size: 56px; border: 0; border-radius: 50%; padding: 0;
  display: grid; place-items: center; overflow: hidden;
  background: var(--qb-accent); color: var(--qb-on-accent); box-shadow: var(--qb-shadow);
}
.launcher:focus-visible { outline-color: var(--qb-focus); outline-offset: 3px; }
.launcher img { inline-size: 100%; block-size: 100%; object-fit: cover; }
.launcher svg { inline-size: 26px; block-size: 26px; }
.qb[data-position="start"] .launcher { inset-inline-end: auto; inset-inline-start: 20px; }
:host([data-contained]) .launcher, :host([data-contained]) .panel { position: absolute; }

.panel {
  position: fixed; z-index: 2147483000; inset-block-end: 88px; inset-inline-end: 20px;
  inline-size: min(380px, calc(100vw - 32px)); block-size: min(600px, calc(100vh - 112px));
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--qb-bg); border: 1px solid var(--qb-border); border-radius: var(--qb-radius);
  box-shadow: var(--qb-shadow);
}
.qb[data-position="start"] .panel { inset-inline-end: auto; inset-inline-start: 20px; }
:host([data-contained]) .panel { inline-size: min(380px, calc(100% - 32px)); block-size: min(600px, calc(100% - 112px)); }
.qb[data-mode="inline"] { block-size: 100%; }
.qb[data-mode="inline"] .panel {
  position: static; inline-size: 100%; block-size: 100%; min-block-size: 360px; box-shadow: none;
}
@media (max-width: 480px) {
  .qb[data-mode="bubble"]:not([data-contained]) .panel {
    inset: 0; inline-size: 100vw; block-size: 100dvh; border-radius: 0; border: 0;
  }
}

.header {
  display: flex; align-items: center; gap: 10px; padding-block: 12px;
  padding-inline: 16px 8px; background: var(--qb-accent); color: var(--qb-on-accent);
}
.header img { inline-size: 36px; block-size: 36px; border-radius: 50%; object-fit: cover; flex: none; }
.titles { flex: 1; min-inline-size: 0; }
.title { margin: 0; font-size: 16px; font-weight: 600; line-height: 1.3; overflow-wrap: anywhere; }
.subtitle { margin: 0; font-size: 13px; opacity: 0.9; overflow-wrap: anywhere; }
.icon {
  flex: none; inline-size: 36px; block-size: 36px; display: grid; place-items: center;
  border: 0; border-radius: 8px; background: transparent; color: inherit;
}
.icon:hover { background: rgb(127 127 127 / 0.2); }
.icon svg { inline-size: 20px; block-size: 20px; }
.header .icon:focus-visible { outline-color: var(--qb-on-accent); outline-offset: -3px; }

.log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 10px; }
.log:focus-visible { outline-offset: -2px; }
.message { display: flex; flex-direction: column; align-items: flex-start; max-inline-size: 88%; }
.message.user { align-self: flex-end; align-items: flex-end; }
.bubble {
  padding: 8px 12px; border-radius: calc(var(--qb-radius) * 0.75 + 4px);
  background: var(--qb-surface); overflow-wrap: anywhere; min-inline-size: 0; max-inline-size: 100%;
}
.user .bubble { background: var(--qb-accent); color: var(--qb-on-accent); white-space: pre-wrap; }
.bubble > :first-child { margin-block-start: 0; }
.bubble > :last-child { margin-block-end: 0; }
.bubble p, .bubble ul, .bubble ol, .bubble pre, .bubble blockquote { margin-block: 0 8px; }
.bubble ul, .bubble ol { padding-inline-start: 22px; }
.bubble a { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
.bubble code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; background: rgb(127 127 127 / 0.18); border-radius: 4px; padding: 1px 4px; }
.bubble pre { overflow-x: auto; padding: 8px; border-radius: 6px; background: rgb(127 127 127 / 0.14); direction: ltr; text-align: start; }
.bubble pre code { background: none; padding: 0; }
.sources { margin-block-start: 6px; font-size: 12px; color: var(--qb-muted); }
.sources-title { margin: 0; font-weight: 600; }
.sources ol { margin: 2px 0 0; padding-inline-start: 18px; }
.sources a { color: inherit; text-decoration: underline; }
.cards { display: grid; gap: 8px; margin-block-start: 8px; inline-size: min(100%, 280px); }
.card { border: 1px solid var(--qb-border); border-radius: calc(var(--qb-radius) * 0.75 + 4px); background: var(--qb-bg); overflow: hidden; }
.card img { display: block; inline-size: 100%; max-block-size: 160px; object-fit: cover; }
.card-title { margin: 10px 12px 0; font-weight: 600; }
.card-text { margin: 4px 12px 0; color: var(--qb-muted); white-space: pre-wrap; }
.card-buttons { display: flex; flex-wrap: wrap; gap: 6px; padding: 10px 12px 12px; }
.card-button { display: inline-flex; align-items: center; min-block-size: 32px; padding-inline: 12px; border: 1px solid var(--qb-accent); border-radius: 999px; background: none; color: var(--qb-text); text-decoration: none; cursor: pointer; font-size: 14px; }
.card-button:hover { background: var(--qb-surface); }
.card-button:focus-visible { outline: 2px solid var(--qb-focus); outline-offset: 2px; }
.bubble blockquote { margin-inline: 0; padding-inline-start: 10px; border-inline-start: 3px solid var(--qb-border); color: var(--qb-muted); }
.bubble .heading { font-weight: 600; }
.bubble hr { border: 0; border-block-start: 1px solid var(--qb-border); }
.failed .bubble { border: 1px solid #dc2626; }
.note { font-size: 12px; color: var(--qb-muted); margin-block-start: 4px; }
.rating { display: flex; gap: 2px; margin-block-start: 2px; }
.rating .icon { inline-size: 32px; block-size: 32px; color: var(--qb-muted); }
.rating .icon[aria-pressed="true"] { color: var(--qb-text); background: var(--qb-surface); }
.rating svg { inline-size: 16px; block-size: 16px; }

.typing { display: inline-flex; gap: 4px; padding-block: 6px; }
.typing span { inline-size: 6px; block-size: 6px; border-radius: 50%; background: var(--qb-muted); animation: qb-blink 1.2s infinite ease-in-out; }
.typing span:nth-child(2) { animation-delay: 0.2s; }
.typing span:nth-child(3) { animation-delay: 0.4s; }
@keyframes qb-blink { 0%, 80%, 100% { opacity: 0.3; } 40% { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .typing span { animation: none; opacity: 0.7; } }

.prompts { display: flex; flex-wrap: wrap; gap: 8px; padding: 0 16px 12px; }
.prompts button {
  border: 1px solid var(--qb-border); background: var(--qb-bg); border-radius: 999px;
  padding: 6px 12px; font-size: 14px; text-align: start;
}
.prompts button:hover { background: var(--qb-surface); }
.notice { margin: 0; padding: 8px 16px; font-size: 13px; background: var(--qb-surface); color: var(--qb-text); border-block-start: 1px solid var(--qb-border); }

.composer { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px; border-block-start: 1px solid var(--qb-border); }
.composer textarea {
  flex: 1; resize: none; min-block-size: 40px; max-block-size: 140px; padding: 8px 10px;
  border: 1px solid var(--qb-border); border-radius: 8px; background: var(--qb-bg);
}
.composer textarea::placeholder { color: var(--qb-muted); opacity: 1; }
.send {
  flex: none; inline-size: 40px; block-size: 40px; border: 0; border-radius: 8px;
  display: grid; place-items: center; background: var(--qb-accent); color: var(--qb-on-accent);
}
.send:disabled { opacity: 0.55; cursor: default; }
.send svg { inline-size: 20px; block-size: 20px; }
.qb[dir="rtl"] .send svg { transform: scaleX(-1); }
.lead-slot:empty { display: none; }
.lead-slot { flex: none; max-block-size: 60%; overflow-y: auto; border-block-start: 1px solid var(--qb-border); }
.lead { display: grid; gap: 10px; padding: 12px 16px; }
.lead-title { margin: 0; font-weight: 600; }
.lead-field { display: grid; gap: 4px; font-size: 14px; }
.lead-check { grid-template-columns: auto 1fr; align-items: start; column-gap: 8px; }
.lead-check .lead-error { grid-column: 1 / -1; }
.lead input:not([type="checkbox"]), .lead select {
  font: inherit; color: inherit; padding: 8px 10px; border: 1px solid var(--qb-border);
  border-radius: 8px; background: var(--qb-bg);
}
.lead input[type="checkbox"] { margin: 3px 0 0; inline-size: 18px; block-size: 18px; accent-color: var(--qb-accent); }
.lead [aria-invalid="true"] { border-color: var(--qb-danger, #b91c1c); }
.lead-error { margin: 0; font-size: 13px; color: var(--qb-danger, #b91c1c); }
.lead-actions { display: flex; gap: 8px; }
.lead-send, .lead-skip { border-radius: 8px; padding: 8px 14px; font-size: 14px; }
.lead-send { border: 0; background: var(--qb-accent); color: var(--qb-on-accent); }
.lead-send:disabled { opacity: 0.55; cursor: default; }
.lead-skip { border: 1px solid var(--qb-border); background: var(--qb-bg); }
.footer { margin: 0; padding: 0 16px 10px; font-size: 12px; color: var(--qb-muted); text-align: center; }
`;
