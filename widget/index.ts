import type { BotPublicConfig, Identity } from "./contract";
import {
  ChatWidget,
  type Listener,
  type MountOptions,
  type WidgetEvent,
  type WidgetHandle,
} from "./widget";

/**
 * `/widget.js`: `<script src="https://…/widget.js" data-bot="<publicId>" async>` draws the bot's
 * chat bubble; `data-mode="inline"` with `data-target="<selector>"` draws the chat inside that
 * element instead; `data-lang="en"` or `"ar"` speaks that language whatever the bot's setting.
 * `window.QalamBot` is the page's handle (docs/x-bot-widget.md).
 */

export type QalamBotApi = {
  version: string;
  /** Draws a widget in `element` (or on the page when null) and makes it the one the calls reach. */
  mount(element: Element | null, options: MountOptions): WidgetHandle;
  open(): void;
  close(): void;
  toggle(): void;
  reset(): void;
  identify(identity: Identity): void;
  on(event: WidgetEvent, listener: Listener): () => void;
  update(config: BotPublicConfig): void;
};

type Queued = [keyof QalamBotApi, ...unknown[]];
type Stub = { q?: Queued[] };

declare global {
  interface Window {
    QalamBot?: QalamBotApi | Stub;
  }
}

const version = "1";

function install() {
  const existing = window.QalamBot;
  // Loaded twice: the first copy stays in charge.
  if (existing && "version" in existing) return;

  let current: ChatWidget | null = null;
  const waiting: Array<(widget: ChatWidget) => void> = [];
  // A call made before the widget is drawn (the script is async) waits for it.
  const later = (call: (widget: ChatWidget) => void) => {
    if (current) call(current);
    else waiting.push(call);
  };

  const api: QalamBotApi = {
    version,
    mount(element, options) {
      const host = document.createElement("qalam-bot");
      (element ?? document.body).append(host);
      const widget = new ChatWidget(host, options);
      current = widget;
      for (const call of waiting.splice(0)) call(widget);
      return widget;
    },
    open: () => later((widget) => widget.open()),
    close: () => later((widget) => widget.close()),
    toggle: () => later((widget) => widget.toggle()),
    reset: () => later((widget) => widget.reset()),
    identify: (identity) => later((widget) => widget.identify(identity)),
    update: (config) => later((widget) => widget.update(config)),
    on(event, listener) {
      let off: (() => void) | null = null;
      let cancelled = false;
      later((widget) => {
        if (!cancelled) off = widget.on(event, listener);
      });
      return () => {
        cancelled = true;
        off?.();
      };
    },
  };
  window.QalamBot = api;

  // The snippet's queue: `window.QalamBot = { q: [] }` with `q.push(["identify", {…}])`.
  for (const [method, ...args] of (existing as Stub | undefined)?.q ?? []) {
    const call = api[method];
    if (typeof call === "function") (call as (...values: unknown[]) => unknown)(...args);
  }

  const script = document.currentScript as HTMLScriptElement | null;
  const publicId = script?.dataset.bot;
  if (!script || !publicId) return;
  const apiBase = `${new URL(script.src, location.href).origin}/api/v1`;
  const inline = script.dataset.mode === "inline";
  const lang = script.dataset.lang;
  const language = lang === "en" || lang === "ar" ? lang : undefined;
  const start = () => {
    let target: Element | null = null;
    if (inline) {
      try {
        target = document.querySelector(script.dataset.target ?? "");
      } catch {
        target = null;
      }
      if (!target) {
        console.warn(`Qalam bot: no element matches data-target "${script.dataset.target ?? ""}"`);
        return;
      }
    }
    api.mount(target, { publicId, apiBase, mode: inline ? "inline" : "bubble", language });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}

install();
