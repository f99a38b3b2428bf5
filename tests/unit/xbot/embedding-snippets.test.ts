import { describe, expect, it } from "vitest";
import { embedSnippets, signingExample, widgetApiCalls } from "~/lib/xbot-embedding";

describe("the embedding snippets", () => {
  const snippets = embedSnippets("https://qalam.example", "pub_123");

  it("load the widget from the product's origin with the bot's public id", () => {
    expect(snippets.bubble).toBe(
      '<script src="https://qalam.example/widget.js" data-bot="pub_123" async></script>',
    );
    expect(snippets.inline).toContain('data-mode="inline" data-target="#qalam-chat"');
    expect(snippets.inline).toContain('data-bot="pub_123"');
  });

  it("sign with HMAC-SHA256 in hex and document every call of the JS API", () => {
    expect(signingExample).toContain('createHmac("sha256"');
    expect(signingExample).toContain('.digest("hex")');
    expect(widgetApiCalls.map((call) => call.key)).toEqual([
      "open",
      "close",
      "toggle",
      "reset",
      "identify",
      "onMessage",
      "onLead",
      "onOpen",
      "onClose",
    ]);
  });
});
