import { describe, expect, it } from "vitest";
import { embedSnippets, signingExample, widgetApiCalls } from "~/lib/xbot-embedding";

describe("the embedding snippets", () => {
  const snippets = embedSnippets("https://qalam.example", "pub_123", {
    name: 'Sales & "Support"',
    language: "visitor",
  });

  it("load the widget from the product's origin with the bot's public id", () => {
    expect(snippets.bubble).toBe(
      '<script src="https://qalam.example/widget.js" data-bot="pub_123" async></script>',
    );
    expect(snippets.inline).toContain('data-mode="inline" data-target="#qalam-chat"');
    expect(snippets.inline).toContain('data-bot="pub_123"');
  });

  it("point the iframe and the link at the full-page chat, in Arabic for an Arabic bot", () => {
    expect(snippets.link).toBe("https://qalam.example/b/pub_123");
    expect(snippets.iframe).toContain('src="https://qalam.example/b/pub_123"');
    expect(snippets.iframe).toContain('title="Sales &amp; &quot;Support&quot;"');
    const arabic = embedSnippets("https://qalam.example", "pub_123", {
      name: "الدعم",
      language: "ar",
    });
    expect(arabic.link).toBe("https://qalam.example/ar/b/pub_123");
    expect(arabic.iframe).toContain('src="https://qalam.example/ar/b/pub_123" title="الدعم"');
    const english = embedSnippets("https://qalam.example", "pub_123", {
      name: "Help",
      language: "en",
    });
    expect(english.link).toBe("https://qalam.example/b/pub_123");
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
