import {
  attempts,
  backoffDelay,
  configurationAttempts,
  isRetryable,
  pause,
  request,
  WidgetApiError,
  withRetry,
} from "./client";
import type {
  AnswerSource,
  BotPublicConfig,
  ConversationStarted,
  Identity,
  PublicCard,
  PublicMessage,
  Rating,
} from "./contract";
import { h, icon } from "./dom";
import {
  type DrawnLeadForm,
  drawLeadForm,
  type LeadInput,
  leadBody,
  leadFields,
  leadFormDue,
} from "./lead-form";
import { renderMarkdown } from "./markdown";
import {
  browserStorage,
  clearConversation,
  loadConversation,
  readCards,
  readSources,
  type SavedConversation,
  saveConversation,
  type WidgetMessage,
  withSources,
} from "./storage";
import { readAnswer } from "./stream";
import { inTime, type MessageKey, type Translate, translator } from "./strings";
import { widgetStyles } from "./styles";
import {
  accentColor,
  cornerRadius,
  direction,
  focusColor,
  fontStack,
  safeUrl,
  textOn,
  type WidgetLanguage,
  widgetBackgrounds,
  widgetLanguage,
  widgetText,
} from "./theme";

export type WidgetMode = "bubble" | "inline";
export type WidgetEvent = "message" | "lead" | "open" | "close";
export type Listener = (detail: unknown) => void;

export type MountOptions = {
  /** The bot's public id; taken from `config` when that is given. */
  publicId?: string;
  /** The bot's public settings: given, they are used as they are and never fetched (preview). */
  config?: BotPublicConfig;
  /** The product's API, `https://…/api/v1`; the script's own origin by default. */
  apiBase?: string;
  mode?: WidgetMode;
  /** Shown in the product: nothing kept in the visitor's storage. */
  preview?: boolean;
  /** Proves to the server that a member previews a bot that is not live (docs/x-bot-widget.md). */
  previewToken?: string;
  /** Opens the panel once it is drawn. */
  open?: boolean;
  /** The widget's language, in place of the bot's setting (the full-page chat's, by its address). */
  language?: WidgetLanguage;
};

/** The calls a page makes on a widget (`window.QalamBot` forwards them to one). */
export type WidgetHandle = {
  open(): void;
  close(): void;
  toggle(): void;
  reset(): void;
  identify(identity: Identity): void;
  on(event: WidgetEvent, listener: Listener): () => void;
  update(config: BotPublicConfig): void;
  destroy(): void;
};

let instances = 0;

/** One bot's chat on a page, drawn in a shadow root on `host`. */
export class ChatWidget implements WidgetHandle {
  private readonly shadow: ShadowRoot;
  private readonly storage: Storage | null;
  private readonly listeners = new Map<WidgetEvent, Set<Listener>>();
  private readonly mode: WidgetMode;
  private readonly publicId: string;
  private readonly base: string;
  private config: BotPublicConfig | null = null;
  private language: WidgetLanguage = "en";
  private t: Translate = translator("en");
  private conversation: SavedConversation | null = null;
  /** A saved conversation of an identified user, shown once `identify` names the same user. */
  private waitingForIdentity: SavedConversation | null = null;
  private messages: WidgetMessage[] = [];
  private identity: Identity | null = null;
  private isOpen = false;
  private busy = false;
  private abort: AbortController | null = null;
  private notice: string | null = null;
  private localIds = 0;
  private drawn: ReturnType<ChatWidget["draw"]> | null = null;
  private renderQueued = false;
  /** The server or a card asked for the lead form; the visitor put it off (when it may wait). */
  private leadAsked = false;
  private leadSkipped = false;
  private leadForm: DrawnLeadForm | null = null;
  private readonly elements = new WeakMap<WidgetMessage, HTMLElement>();
  /** Prefixes the ids of this widget's elements: a page may have several. */
  private readonly id: string;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: MountOptions,
  ) {
    instances += 1;
    this.id = `qb${instances}`;
    this.mode = options.mode ?? "bubble";
    this.publicId = options.config?.publicId ?? options.publicId ?? "";
    const apiBase = (options.apiBase ?? "/api/v1").replace(/\/+$/, "");
    this.base = `${apiBase}/public/bots/${encodeURIComponent(this.publicId)}`;
    this.storage = options.preview ? null : browserStorage();
    this.isOpen = this.mode === "inline" || Boolean(options.open);
    this.shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
    const saved = loadConversation(this.storage, this.publicId);
    if (saved?.userId) this.waitingForIdentity = saved;
    else if (saved) this.adoptConversation(saved);
    if (options.config) this.update(options.config);
    else void this.fetchConfig();
  }

  // The page's calls.

  open() {
    if (this.isOpen && this.mode === "bubble") return this.focusComposer();
    this.isOpen = true;
    this.renderChrome();
    this.focusComposer();
    this.emit("open", undefined);
  }

  close() {
    if (this.mode === "inline" || !this.isOpen) return;
    const hadFocus = this.shadow.activeElement !== null;
    this.isOpen = false;
    this.renderChrome();
    if (hadFocus) this.drawn?.launcher.focus();
    this.emit("close", undefined);
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  /** Forgets the conversation: the next message starts a new one. */
  reset() {
    this.abort?.abort();
    this.abort = null;
    this.busy = false;
    this.conversation = null;
    this.waitingForIdentity = null;
    this.messages = [];
    this.notice = null;
    this.leadAsked = false;
    this.leadSkipped = false;
    clearConversation(this.storage, this.publicId);
    this.render();
  }

  /** The site's signed-in user (signature: HMAC-SHA256 of the user id with the bot's secret). */
  identify(identity: Identity) {
    if (
      !identity ||
      typeof identity.userId !== "string" ||
      typeof identity.signature !== "string"
    ) {
      return;
    }
    this.identity = { ...identity };
    const waiting = this.waitingForIdentity;
    this.waitingForIdentity = null;
    if (waiting?.userId === identity.userId && !this.conversation) {
      this.adoptConversation(waiting);
      this.renderLog();
      void this.synchronise();
    } else if (this.conversation && this.conversation.userId !== identity.userId) {
      this.reset();
    }
  }

  on(event: WidgetEvent, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Draws the widget with these settings (the preview calls it as the form changes). */
  update(config: BotPublicConfig) {
    this.config = config;
    const chosen = this.options.language;
    this.language =
      chosen === "en" || chosen === "ar"
        ? chosen
        : widgetLanguage(config.language, navigator.languages ?? [navigator.language]);
    this.t = translator(this.language);
    this.drawn?.root.remove();
    this.leadForm = null;
    this.drawn = this.draw();
    this.render();
  }

  destroy() {
    this.abort?.abort();
    this.host.remove();
    this.listeners.clear();
  }

  // Loading.

  private async fetchConfig() {
    try {
      const response = await withRetry(() => request(this.base, { method: "GET" }), {
        attempts: configurationAttempts,
      });
      this.update((await response.json()) as BotPublicConfig);
      if (this.conversation) void this.synchronise();
    } catch (error) {
      // No widget on a page the bot does not allow, nor for a bot that is not live.
      console.warn("Qalam bot: the chat could not be loaded", error);
      this.host.remove();
    }
  }

  private adoptConversation(saved: SavedConversation) {
    this.conversation = saved;
    this.messages = saved.messages.map((message) =>
      message.status === "sending" ? { ...message, status: "failed" } : message,
    );
  }

  /** Reads the conversation back from the server: answers finished while the page was away. */
  private async synchronise() {
    const last = this.messages.at(-1);
    const streaming = last?.role === "assistant" && last.status === "streaming";
    try {
      await this.readBack();
    } catch (error) {
      if (error instanceof WidgetApiError && (error.status === 401 || error.status === 404)) {
        this.forgetConversation();
      }
      return;
    }
    if (streaming || this.messages.at(-1)?.status === "streaming") await this.resume();
  }

  /** The conversation as stored, in place of what this page has. */
  private async readBack(signal?: AbortSignal) {
    const conversation = this.conversation;
    if (!conversation) return;
    const response = await request(
      `${this.base}/conversations/${conversation.conversationId}/messages`,
      {
        headers: this.headers(),
        signal,
      },
    );
    const body = (await response.json()) as { items?: PublicMessage[] };
    if (this.conversation !== conversation) return;
    this.messages = (body.items ?? []).map((message) => ({
      id: String(message.id),
      role: message.role,
      text: message.text,
      status: message.status,
      rating: message.rating ?? null,
      cards: readCards(message.cards),
      ...withSources(readSources(message.sources)),
    }));
    this.save();
    this.renderLog();
  }

  /** After a drop mid-answer: the server kept writing it; read it back until it is done. */
  private async resume(signal?: AbortSignal) {
    this.setNotice("resuming");
    for (let attempt = 1; attempt <= attempts * 2; attempt += 1) {
      await pause(backoffDelay(Math.min(attempt, 4), null), signal);
      if (signal?.aborted) return;
      try {
        await this.readBack(signal);
      } catch (error) {
        if (!isRetryable(error)) break;
        continue;
      }
      const last = this.messages.at(-1);
      if (last?.status !== "streaming") {
        this.setNotice(null);
        if (last?.role === "assistant") this.answered(last);
        return;
      }
    }
    this.setNotice("failed");
  }

  private forgetConversation() {
    this.conversation = null;
    clearConversation(this.storage, this.publicId);
  }

  // Sending.

  private headers(json = false): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.conversation) headers.Authorization = `Bearer ${this.conversation.token}`;
    if (json) headers["Content-Type"] = "application/json";
    return headers;
  }

  private async startConversation(signal: AbortSignal): Promise<SavedConversation> {
    if (this.conversation) return this.conversation;
    const body: Record<string, unknown> = { locale: this.language };
    if (this.identity) body.identity = this.identity;
    if (this.options.previewToken) body.previewToken = this.options.previewToken;
    const response = await withRetry(
      () =>
        request(`${this.base}/conversations`, {
          method: "POST",
          headers: this.headers(true),
          body: JSON.stringify(body),
          signal,
        }),
      { signal, onRetry: (error) => this.retrying(error) },
    );
    const started = (await response.json()) as ConversationStarted;
    this.conversation = {
      conversationId: started.conversationId,
      token: started.token,
      userId: this.identity?.userId ?? null,
      messages: [],
    };
    return this.conversation;
  }

  private async send(raw: string) {
    const text = raw.trim();
    const config = this.config;
    if (!text || this.busy || !config) return;
    if (text.length > config.maxMessageLength) {
      this.setNotice("tooLong", { max: config.maxMessageLength });
      return;
    }
    this.busy = true;
    this.setNotice(null);
    const abort = new AbortController();
    this.abort = abort;
    const question: WidgetMessage = { id: this.localId(), role: "user", text, status: "sending" };
    const answer: WidgetMessage = {
      id: this.localId(),
      role: "assistant",
      text: "",
      status: "streaming",
    };
    this.messages.push(question, answer);
    if (this.drawn) this.drawn.input.value = "";
    this.renderLog();
    this.emit("message", { role: "user", text });
    const clientMessageId = randomId();
    let streamed = false;
    try {
      for (let fresh = 0; ; fresh += 1) {
        try {
          await this.startConversation(abort.signal);
          const response = await withRetry(
            () =>
              request(`${this.base}/conversations/${this.conversation?.conversationId}/messages`, {
                method: "POST",
                headers: { ...this.headers(true), Accept: "text/event-stream" },
                body: JSON.stringify({
                  text,
                  clientMessageId,
                  ...(this.identity ? { identity: this.identity } : {}),
                }),
                signal: abort.signal,
              }),
            { signal: abort.signal, onRetry: (error) => this.retrying(error) },
          );
          this.setNotice(null);
          question.status = "complete";
          this.renderMessage(question);
          streamed = true;
          if (!response.body) throw new WidgetApiError(0, "NETWORK");
          await readAnswer(response.body, (event) => {
            if (event.type === "start") {
              if (event.userMessageId) question.id = event.userMessageId;
              if (event.assistantMessageId) answer.id = event.assistantMessageId;
              // Kept now: a reload mid-answer reads the rest back from the server.
              this.save();
            } else if (event.type === "delta") {
              answer.text += event.text;
              this.queueRender(answer);
            } else if (event.type === "finish") {
              answer.status = event.status;
            } else if (event.type === "error") {
              answer.status = "failed";
            } else if (event.type === "data" && event.name === "lead") {
              this.emit("lead", event.data);
            } else if (event.type === "data" && event.name === "card") {
              answer.cards = [...(answer.cards ?? []), ...readCards([event.data])];
              this.queueRender(answer);
            } else if (event.type === "data" && event.name === "sources") {
              answer.sources = readSources(event.data);
              this.queueRender(answer);
            }
          });
          break;
        } catch (error) {
          // A conversation the server no longer has (expired, deleted): start again, once.
          const gone =
            error instanceof WidgetApiError &&
            (error.status === 401 || error.status === 404) &&
            !streamed &&
            fresh === 0;
          if (!gone) throw error;
          this.forgetConversation();
        }
      }
      if (answer.status === "streaming") throw new WidgetApiError(0, "NETWORK");
      this.answered(answer);
    } catch (error) {
      if (abort.signal.aborted) return;
      if (streamed) {
        // The answer was under way: the server keeps writing it.
        this.save();
        await this.resume(abort.signal);
      } else {
        // The server has not taken the question: it goes back to the composer, to send again.
        this.messages = this.messages.filter(
          (message) => message !== question && message !== answer,
        );
        if (this.drawn && !this.drawn.input.value) this.drawn.input.value = text;
        this.failed(error);
      }
    } finally {
      if (this.abort === abort) {
        this.abort = null;
        this.busy = false;
        this.save();
        this.renderLog();
      }
    }
  }

  /** An answer that ended: announced, kept, and told to the page. */
  private answered(answer: WidgetMessage) {
    if (answer.status === "stopped") this.setNotice("stopped");
    else if (answer.status === "failed") this.setNotice("failed");
    this.renderMessage(answer);
    const name = this.config?.name ?? "";
    const bubble = this.elements.get(answer)?.querySelector<HTMLElement>(".bubble");
    // biome-ignore lint/performance/useDomNodeTextContent: innerText reads a list's items and the paragraphs apart.
    const words = bubble?.innerText.trim() || answer.text;
    if (this.drawn && words)
      this.drawn.announcer.textContent = this.t("answered", { name, text: words });
    this.emit("message", {
      role: "assistant",
      id: answer.id,
      text: answer.text,
      status: answer.status,
    });
  }

  private retrying(error: WidgetApiError) {
    if (error.status === 429 && error.retryAfter !== null) {
      this.setNotice("rateLimited", { when: inTime(this.language, error.retryAfter) });
    } else if (typeof navigator !== "undefined" && navigator.onLine === false) {
      this.setNotice("offline");
    } else {
      this.setNotice("retrying");
    }
  }

  private failed(error: unknown) {
    if (!(error instanceof WidgetApiError)) {
      console.warn("Qalam bot:", error);
      return this.setNotice("failed");
    }
    if (error.status === 429) {
      return this.setNotice("rateLimited", { when: inTime(this.language, error.retryAfter ?? 60) });
    }
    if (error.status === 413 || error.code === "MESSAGE_TOO_LONG") {
      return this.setNotice("tooLong", { max: this.config?.maxMessageLength ?? 0 });
    }
    if (error.code === "IDENTITY_INVALID") return this.setNotice("identityRefused");
    if (error.code === "LEAD_REQUIRED") {
      this.leadAsked = true;
      return this.setNotice("leadNeeded");
    }
    this.setNotice(error.status === 0 || error.status >= 500 ? "unavailable" : "failed");
  }

  /** Sends the lead form: the server's refusals are shown by field, a success closes the form. */
  private async sendLead(input: LeadInput) {
    const config = this.config;
    const drawn = this.leadForm;
    if (!config?.leadForm || !drawn) return;
    const body = leadBody(config.leadForm, leadFields(config.leadForm, this.t), input);
    drawn.busy(true);
    try {
      const abort = new AbortController();
      const conversation = await this.startConversation(abort.signal);
      await withRetry(
        () =>
          request(`${this.base}/conversations/${conversation.conversationId}/lead`, {
            method: "POST",
            headers: this.headers(true),
            body: JSON.stringify(body),
          }),
        { onRetry: (error) => this.retrying(error) },
      );
      conversation.lead = true;
      this.leadAsked = false;
      this.save();
      this.setNotice(null);
      if (this.drawn) this.drawn.announcer.textContent = this.t("leadSent");
      this.emit("lead", { sent: true });
      this.focusComposer();
    } catch (error) {
      if (error instanceof WidgetApiError && error.status === 422) {
        drawn.showErrors(error.fields);
        this.setNotice(null);
      } else {
        this.failed(error);
      }
    } finally {
      drawn.busy(false);
    }
  }

  /** A card's button asks for the lead form: the widget's own when the bot has one. */
  private askLead(cardId: string) {
    this.emit("lead", { cardId });
    if (!this.config?.leadForm || this.conversation?.lead) return;
    this.leadAsked = true;
    this.renderChrome();
  }

  private async rate(message: WidgetMessage, rating: Rating) {
    const conversation = this.conversation;
    if (!conversation) return;
    const before = message.rating ?? null;
    message.rating = before === rating ? null : rating;
    this.showRating(message);
    try {
      await request(`${this.base}/conversations/${conversation.conversationId}/feedback`, {
        method: "POST",
        headers: this.headers(true),
        body: JSON.stringify({ messageId: message.id, rating: message.rating }),
      });
      if (this.drawn) this.drawn.announcer.textContent = this.t("thanks");
      this.save();
    } catch {
      message.rating = before;
      this.showRating(message);
    }
  }

  // Drawing.

  /** The avatar's address: a path is on the product's origin, where the API is. */
  private avatar() {
    return safeUrl(this.config?.avatarUrl, new URL(this.base, location.href).href);
  }

  private localId() {
    this.localIds += 1;
    return `local-${this.localIds}`;
  }

  private save() {
    if (!this.conversation) return;
    this.conversation.messages = this.messages;
    saveConversation(this.storage, this.publicId, this.conversation);
  }

  private setNotice(key: MessageKey | null, values?: Record<string, string | number>) {
    this.notice = key ? this.t(key, values) : null;
    this.renderChrome();
  }

  private emit(event: WidgetEvent, detail: unknown) {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** The message box, or the lead form's first field while the chat waits for it. */
  private focusComposer() {
    requestAnimationFrame(() => {
      const drawn = this.drawn;
      if (drawn?.composer.hidden)
        drawn.leadSlot.querySelector<HTMLElement>("input, select")?.focus();
      else drawn?.input.focus();
    });
  }

  /** A streaming answer is drawn again once a frame, however many pieces came in it. */
  private queueRender(message: WidgetMessage) {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.renderMessage(message);
    });
  }

  /** The widget's elements, built once per configuration. */
  private draw() {
    const config = this.config as BotPublicConfig;
    const look = config.appearance;
    const t = this.t;
    const name = config.name;
    const id = (part: string) => `${this.id}-${part}`;
    const accent = accentColor(look.accentColor);
    const avatar = this.avatar();

    this.host.toggleAttribute("data-contained", this.host.parentElement !== document.body);
    const sheets = [widgetStyles, look.customCss ?? ""];
    const styles: Node[] = [];
    if ("adoptedStyleSheets" in Document.prototype && "replaceSync" in CSSStyleSheet.prototype) {
      // Constructed sheets: a page whose CSP has no 'unsafe-inline' for styles still styles us.
      this.shadow.adoptedStyleSheets = sheets.map((css) => {
        const sheet = new CSSStyleSheet();
        try {
          sheet.replaceSync(css);
        } catch {
          // A custom CSS that does not parse styles nothing.
        }
        return sheet;
      });
    } else {
      for (const css of sheets) styles.push(h("style", {}, css));
    }

    const launcher = h(
      "button",
      {
        type: "button",
        class: "launcher",
        "aria-controls": id("panel"),
        onclick: () => this.toggle(),
      },
      look.launcher === "avatar" && avatar ? h("img", { src: avatar, alt: "" }) : icon("chat"),
    );
    const input = h("textarea", {
      id: id("input"),
      rows: 1,
      placeholder: look.placeholder || t("placeholder"),
      maxlength: config.maxMessageLength,
      enterkeyhint: "send",
      oninput: () => this.renderChrome(),
      onkeydown: (event: Event) => {
        const key = event as KeyboardEvent;
        if (key.key === "Enter" && !key.shiftKey && !key.isComposing) {
          key.preventDefault();
          void this.send(input.value);
        }
      },
    });
    const send = h(
      "button",
      { type: "submit", class: "send", "aria-label": t("send") },
      icon("send"),
    );
    const log = h("div", {
      class: "log",
      role: "log",
      "aria-live": "off",
      "aria-label": t("conversation", { name }),
      tabindex: 0,
    });
    const prompts = h("div", { class: "prompts", role: "group", "aria-label": t("suggestions") });
    for (const prompt of look.suggestedPrompts ?? []) {
      prompts.append(
        h("button", { type: "button", onclick: () => void this.send(prompt) }, prompt),
      );
    }
    const notice = h("p", { class: "notice", role: "status" });
    const leadSlot = h("div", { class: "lead-slot" });
    const announcer = h("div", { class: "sr", "aria-live": "polite", "aria-atomic": "true" });
    const closeButton =
      this.mode === "bubble"
        ? h(
            "button",
            {
              type: "button",
              class: "icon",
              "aria-label": t("close"),
              onclick: () => this.close(),
            },
            icon("close"),
          )
        : null;
    const footer = [look.footer, look.disclaimer].filter(Boolean).join(" · ");
    const panel = h(
      "section",
      {
        class: "panel",
        id: id("panel"),
        role: this.mode === "bubble" ? "dialog" : "region",
        "aria-labelledby": id("title"),
        onkeydown: (event: Event) => {
          if ((event as KeyboardEvent).key === "Escape" && this.mode === "bubble") {
            event.stopPropagation();
            this.close();
          }
        },
      },
      h(
        "div",
        { class: "header" },
        avatar ? h("img", { src: avatar, alt: "" }) : null,
        h(
          "div",
          { class: "titles" },
          h("h2", { class: "title", id: id("title") }, look.headerTitle || name),
          look.headerSubtitle ? h("p", { class: "subtitle" }, look.headerSubtitle) : null,
        ),
        h(
          "button",
          { type: "button", class: "icon", "aria-label": t("reset"), onclick: () => this.reset() },
          icon("reset"),
        ),
        closeButton,
      ),
      log,
      leadSlot,
      prompts,
      notice,
      h(
        "form",
        {
          class: "composer",
          onsubmit: (event: Event) => {
            event.preventDefault();
            void this.send(input.value);
          },
        },
        h("label", { class: "sr", for: id("input") }, t("message")),
        input,
        send,
      ),
      footer ? h("p", { class: "footer" }, footer) : null,
    );

    const root = h(
      "div",
      {
        class: "qb",
        dir: direction(this.language),
        lang: this.language,
        "data-theme": ["light", "dark", "auto"].includes(look.theme) ? look.theme : "auto",
        "data-position": look.position === "start" ? "start" : "end",
        "data-mode": this.mode,
      },
      ...styles,
      this.mode === "bubble" ? launcher : null,
      panel,
      announcer,
    );
    const variables = {
      "--qb-accent": accent,
      "--qb-on-accent": textOn(accent),
      "--qb-radius": `${cornerRadius(look.radius)}px`,
      "--qb-font": fontStack(look.font),
      "--qb-focus-light": focusColor(accent, widgetBackgrounds.light, widgetText.light),
      "--qb-focus-dark": focusColor(accent, widgetBackgrounds.dark, widgetText.dark),
    };
    for (const [property, value] of Object.entries(variables))
      root.style.setProperty(property, value);
    this.shadow.append(root);
    const composer = input.parentElement as HTMLFormElement;
    return {
      root,
      launcher,
      panel,
      log,
      leadSlot,
      prompts,
      notice,
      composer,
      input,
      send,
      announcer,
    };
  }

  private render() {
    this.renderLog();
    this.renderChrome();
  }

  /** Brings everything but the messages up to date with the state. */
  private renderChrome() {
    const drawn = this.drawn;
    const config = this.config;
    if (!drawn || !config) return;
    const t = this.t;
    const name = config.name;
    drawn.panel.hidden = !this.isOpen;
    drawn.launcher.setAttribute("aria-expanded", String(this.isOpen));
    drawn.launcher.setAttribute("aria-label", this.isOpen ? t("close") : t("open", { name }));
    const avatar = config.appearance.launcher === "avatar" && this.avatar();
    if (!avatar) drawn.launcher.replaceChildren(icon(this.isOpen ? "close" : "chat"));
    drawn.prompts.hidden =
      this.messages.some((message) => message.role === "user") || !drawn.prompts.childElementCount;
    const leadForm = config.leadForm;
    const due = leadFormDue(leadForm, {
      sent: this.conversation?.lead === true,
      asked: this.leadAsked,
      skipped: this.leadSkipped,
      visitorMessages: this.messages.filter((message) => message.role === "user").length,
    });
    if (due && leadForm && !this.leadForm) {
      this.leadForm = drawLeadForm(leadForm, t, (part) => `${this.id}-${part}`, {
        submit: (input) => void this.sendLead(input),
        skip: leadForm.required
          ? undefined
          : () => {
              this.leadSkipped = true;
              this.leadAsked = false;
              this.renderChrome();
              this.focusComposer();
            },
      });
      drawn.leadSlot.replaceChildren(this.leadForm.element);
    } else if (!due && this.leadForm) {
      this.leadForm = null;
      drawn.leadSlot.replaceChildren();
    }
    // A form the chat waits for stands in the composer's place.
    const waiting = due && leadForm?.required === true;
    drawn.composer.hidden = waiting;
    if (due) drawn.prompts.hidden = true;
    drawn.notice.hidden = !this.notice;
    drawn.notice.textContent = this.notice ?? "";
    drawn.send.disabled = this.busy || !drawn.input.value.trim();
  }

  /** Draws the conversation again: the welcome messages, then the visitor's. */
  private renderLog() {
    const drawn = this.drawn;
    const config = this.config;
    if (!drawn || !config) return;
    const welcome: WidgetMessage[] = (config.appearance.welcomeMessages ?? []).map(
      (text, index) => ({
        id: `welcome-${index}`,
        role: "assistant",
        text,
        status: "complete",
      }),
    );
    drawn.log.replaceChildren(
      ...welcome.map((message) => this.drawMessage(message, false)),
      ...this.messages.map((message) => this.drawMessage(message, true)),
    );
    drawn.log.scrollTop = drawn.log.scrollHeight;
    this.renderChrome();
  }

  /** Draws one message again in its place, following the end of the log if the reader was there. */
  private renderMessage(message: WidgetMessage) {
    const old = this.elements.get(message);
    const log = this.drawn?.log;
    if (!old || !log) return this.renderLog();
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    old.replaceWith(this.drawMessage(message, true));
    if (atEnd) log.scrollTop = log.scrollHeight;
  }

  private showRating(message: WidgetMessage) {
    const buttons = this.elements.get(message)?.querySelectorAll(".rating button") ?? [];
    buttons.forEach((button, index) => {
      button.setAttribute("aria-pressed", String(message.rating === (index ? "down" : "up")));
    });
  }

  private drawMessage(message: WidgetMessage, rateable: boolean): HTMLElement {
    const t = this.t;
    const name = this.config?.name ?? "";
    // Each message reads in its own direction: an English answer in an Arabic widget too.
    const bubble = h("div", { class: "bubble", dir: "auto" });
    if (message.role === "user") {
      bubble.textContent = message.text;
    } else if (message.status === "streaming" && !message.text) {
      bubble.append(
        h("span", { class: "typing" }, h("span"), h("span"), h("span")),
        h("span", { class: "sr" }, t("typing", { name })),
      );
    } else {
      bubble.append(renderMarkdown(message.text, document));
    }
    const element = h(
      "div",
      {
        class: `message ${message.role}${message.status === "failed" ? " failed" : ""}`,
        "data-id": message.id,
      },
      h("span", { class: "sr" }, message.role === "user" ? t("you") : t("bot", { name })),
      bubble,
    );
    if (message.cards?.length) {
      element.append(
        h("div", { class: "cards" }, ...message.cards.map((card) => this.drawCard(card))),
      );
    }
    if (message.sources?.length) element.append(this.drawSources(message.sources));
    const serverId = !message.id.startsWith("local-");
    if (rateable && message.role === "assistant" && message.status === "complete" && serverId) {
      const button = (rating: Rating, label: MessageKey) =>
        h(
          "button",
          {
            type: "button",
            class: "icon",
            "aria-label": t(label),
            "aria-pressed": String(message.rating === rating),
            onclick: () => void this.rate(message, rating),
          },
          icon(rating),
        );
      element.append(
        h("div", { class: "rating" }, button("up", "helpful"), button("down", "notHelpful")),
      );
    }
    if (rateable) this.elements.set(message, element);
    return element;
  }

  /** The knowledge an answer cites, by the numbers it gave them: links for pages, names for the rest. */
  private drawSources(sources: AnswerSource[]): HTMLElement {
    const { t } = this;
    return h(
      "div",
      { class: "sources" },
      h("p", { class: "sources-title" }, t("sources")),
      h(
        "ol",
        {},
        ...sources.map((source) => {
          const url = safeUrl(source.url);
          return h(
            "li",
            { dir: "auto" },
            url
              ? h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }, source.title)
              : source.title,
          );
        }),
      ),
    );
  }

  /**
   * A message card: its image, title, text and buttons. A reply sends its words, a link opens in a
   * new tab (http and https only), the lead form is the page's to open (the `lead` event); each
   * use is counted once a conversation by the server.
   */
  private drawCard(card: PublicCard): HTMLElement {
    const image = safeUrl(card.imageUrl, new URL(this.base, location.href).href);
    const buttons = card.buttons.map((button) => {
      const counted = () => void this.clickCard(card);
      if (button.kind === "link") {
        const href = safeUrl(button.value);
        if (!href) return null;
        return h(
          "a",
          {
            class: "card-button",
            href,
            target: "_blank",
            rel: "noopener noreferrer",
            onclick: counted,
          },
          button.label,
        );
      }
      return h(
        "button",
        {
          type: "button",
          class: "card-button",
          onclick: () => {
            counted();
            if (button.kind === "reply") void this.send(button.value);
            else this.askLead(card.id);
          },
        },
        button.label,
      );
    });
    return h(
      "div",
      { class: "card", dir: "auto" },
      image ? h("img", { src: image, alt: "" }) : null,
      h("p", { class: "card-title" }, card.title),
      card.text ? h("p", { class: "card-text" }, card.text) : null,
      buttons.some(Boolean) ? h("div", { class: "card-buttons" }, ...buttons) : null,
    );
  }

  private async clickCard(card: PublicCard) {
    const conversation = this.conversation;
    if (!conversation) return;
    try {
      await request(
        `${this.base}/conversations/${conversation.conversationId}/cards/${card.id}/click`,
        { method: "POST", headers: this.headers(true) },
      );
    } catch {
      // A click not counted changes nothing for the visitor.
    }
  }
}

/** A random id for a message, so that a retried send is stored once. */
function randomId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
