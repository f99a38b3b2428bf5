/** A value inside a double-quoted HTML attribute. */
const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The snippets of /x-bot/embedding: the widget loaded from the product's own origin, and the
 * full-page chat (`/b/<publicId>`, or `/ar/b/<publicId>` for a bot that speaks Arabic), alone or
 * in an iframe titled with the bot's name.
 */
export function embedSnippets(
  origin: string,
  publicId: string,
  bot: { name: string; language: "en" | "ar" | "visitor" },
) {
  const script = `${origin}/widget.js`;
  const page = `${origin}${bot.language === "ar" ? "/ar" : ""}/b/${publicId}`;
  return {
    bubble: `<script src="${script}" data-bot="${publicId}" async></script>`,
    inline: [
      `<div id="qalam-chat" style="height: 600px"></div>`,
      `<script src="${script}" data-bot="${publicId}"`,
      `        data-mode="inline" data-target="#qalam-chat" async></script>`,
    ].join("\n"),
    iframe: `<iframe src="${page}" title="${attribute(bot.name)}" style="width: 100%; height: 600px; border: 0"></iframe>`,
    link: page,
    apiExample: [
      `<script>`,
      `  window.addEventListener("load", () => {`,
      `    QalamBot.on("lead", (lead) => console.log("New lead", lead));`,
      `    document.querySelector("#help")?.addEventListener("click", () => QalamBot.open());`,
      `  });`,
      `</script>`,
    ].join("\n"),
  };
}

/** A site's server signing its user id for `QalamBot.identify` (Node). */
export const signingExample = [
  `import { createHmac } from "node:crypto";`,
  ``,
  `// The secret stays on your server (an environment variable), never in the page.`,
  `const signature = createHmac("sha256", process.env.QALAM_BOT_SECRET)`,
  `  .update(user.id)`,
  `  .digest("hex");`,
  ``,
  `// In the page:`,
  `// QalamBot.identify({ userId: user.id, signature, name: user.name, email: user.email });`,
].join("\n");

/** The calls of `window.QalamBot` the page documents; their descriptions are translated. */
export const widgetApiCalls = [
  { key: "open", signature: "QalamBot.open()" },
  { key: "close", signature: "QalamBot.close()" },
  { key: "toggle", signature: "QalamBot.toggle()" },
  { key: "reset", signature: "QalamBot.reset()" },
  { key: "identify", signature: "QalamBot.identify({ userId, signature, name?, email? })" },
  { key: "onMessage", signature: 'QalamBot.on("message", listener)' },
  { key: "onLead", signature: 'QalamBot.on("lead", listener)' },
  { key: "onOpen", signature: 'QalamBot.on("open", listener)' },
  { key: "onClose", signature: 'QalamBot.on("close", listener)' },
] as const;
