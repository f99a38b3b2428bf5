import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, renderMarkdown } from "../../../widget/markdown";
import { type FakeElement, fakeDocument, serialise } from "./fake-document";

function html(source: string) {
  const { doc, created } = fakeDocument();
  const fragment = renderMarkdown(source, doc);
  return { html: serialise(fragment as never), created: created as FakeElement[] };
}

const allowedTags = new Set([
  "p",
  "br",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "blockquote",
  "hr",
  "a",
]);
const allowedAttributes: Record<string, string[]> = {
  a: ["href", "target", "rel"],
  ol: ["start"],
  p: ["class"],
};

/** Every element is one the renderer may make, with only its attributes, links http(s) only. */
function expectSafe(created: FakeElement[]) {
  for (const element of created) {
    expect(allowedTags.has(element.tagName), element.tagName).toBe(true);
    for (const name of element.attributes.keys()) {
      expect(allowedAttributes[element.tagName] ?? [], `${element.tagName}[${name}]`).toContain(
        name,
      );
    }
    if (element.tagName === "a") {
      expect(element.attributes.get("href")).toMatch(/^https?:\/\//);
      expect(element.attributes.get("rel")).toBe("noopener noreferrer nofollow");
      expect(element.attributes.get("target")).toBe("_blank");
    }
  }
}

describe("the widget's Markdown", () => {
  it("renders the subset an answer uses", () => {
    expect(html("Hello **bold**, *em*, _em_, ~~gone~~ and `x < y`.").html).toBe(
      "<p>Hello <strong>bold</strong>, <em>em</em>, <em>em</em>, <del>gone</del> and <code>x &lt; y</code>.</p>",
    );
    expect(html("one\ntwo\n\nthree").html).toBe("<p>one<br>two</p><p>three</p>");
    expect(html("- a\n- **b**\n\n3. c\n4. d").html).toBe(
      '<ul><li>a</li><li><strong>b</strong></li></ul><ol start="3"><li>c</li><li>d</li></ol>',
    );
    expect(html("## Title\n> quoted *text*\n\n---").html).toBe(
      '<p class="heading h2">Title</p><blockquote><p>quoted <em>text</em></p></blockquote><hr>',
    );
    expect(html("```js\nconst a = '<b>';\n```\nafter").html).toBe(
      "<pre><code>const a = '&lt;b&gt;';</code></pre><p>after</p>",
    );
    expect(html("snake_case_name and 2*3*4").html).toBe("<p>snake_case_name and 2<em>3</em>4</p>");
  });

  it("renders an answer cut mid-stream: an open fence is code, an open emphasis text", () => {
    expect(html("```\nlet x").html).toBe("<pre><code>let x</code></pre>");
    expect(html("Some **bold").html).toBe("<p>Some **bold</p>");
    expect(html("[a link](https://exa").html).toBe(
      '<p>[a link](<a href="https://exa/" target="_blank" rel="noopener noreferrer nofollow">https://exa</a></p>',
    );
  });

  it("links http and https addresses, opening a new tab without referrer or endorsement", () => {
    expect(html("[Docs](https://example.com/a?b=1) and https://example.org/x.").html).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">Docs</a>' +
        ' and <a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">https://example.org/x</a>.</p>',
    );
    // An address as a link's words does not make a link inside the link.
    const nested = html("[https://a.example](https://b.example)");
    expect(nested.created.filter((element) => element.tagName === "a")).toHaveLength(1);
  });

  it("shows HTML in an answer as text: no element the model wrote reaches the page", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
      "<svg onload=alert(1)>",
      "<style>body{display:none}</style>",
      "**<b onmouseover=alert(1)>bold</b>**",
    ];
    for (const source of hostile) {
      const rendered = html(source);
      expectSafe(rendered.created);
      expect(rendered.html).not.toMatch(/<(script|img|iframe|svg|style|b )/);
      expect(rendered.html).toContain("&lt;");
    }
    expect(html('<img src=x onerror="alert(1)">').html).toBe(
      '<p>&lt;img src=x onerror="alert(1)"&gt;</p>',
    );
  });

  it("keeps a link's words but not its address unless it is http or https", () => {
    const addresses = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "javascript&#58;alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "file:///etc/passwd",
      "//evil.example/",
      "/relative",
      "mailto:someone@example.com",
    ];
    for (const address of addresses) {
      const rendered = html(`[click me](${address})`);
      expect(
        rendered.created.some((element) => element.tagName === "a"),
        address,
      ).toBe(false);
      expect(rendered.html).toContain("click me");
    }
    expect(parseInline("javascript:alert(1)")).toEqual([
      { type: "text", text: "javascript:alert(1)" },
    ]);
  });

  it("cannot break out of a link's attributes", () => {
    const rendered = html('[x](https://example.com/"onmouseover="alert(1))');
    expectSafe(rendered.created);
    const link = rendered.created.find((element) => element.tagName === "a");
    expect(link?.attributes.get("href")).toBe("https://example.com/%22onmouseover=%22alert(1)");
  });

  it("makes only its own elements and safe links from any text at all", () => {
    const pieces = fc.constantFrom(
      "*",
      "**",
      "_",
      "`",
      "```",
      "~~",
      "[",
      "]",
      "(",
      ")",
      "<",
      ">",
      '"',
      "'",
      "\n",
      " ",
      "#",
      "- ",
      "1. ",
      "> ",
      "javascript:",
      "https://",
      "http://a.b",
      "data:",
      "<script>",
      "onerror=",
      "a",
      "ب",
      "\t",
      "\r\n",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        expectSafe(html(parts.join("")).created);
      }),
      { numRuns: 400 },
    );
  });

  it("parses unclosed markers and deep quotes in bounded time and depth", () => {
    const started = performance.now();
    const blocks = parseMarkdown(
      `${"> ".repeat(200)}x\n\n${"*_~~[".repeat(4000)}\n${"**a ".repeat(5000)}\n${"[a".repeat(5000)}`,
    );
    // Unbounded spans scanned to the text's end from every marker: seconds, not milliseconds.
    expect(performance.now() - started).toBeLessThan(3000);
    let depth = 0;
    for (let block = blocks[0]; block?.type === "quote"; block = block.children[0]) depth += 1;
    expect(depth).toBe(7);
  });
});
