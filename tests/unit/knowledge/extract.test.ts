/**
 * A knowledge file's text comes out as Markdown that keeps its structure (headings, paragraphs,
 * lists, pipe tables) for the chunker, Arabic and its direction marks intact; a file that is not
 * what its name says, locked, broken, a zip bomb, too large or empty is refused with its code.
 */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  extractKnowledgeText,
  KnowledgeFileError,
  type KnowledgeFileErrorCode,
  knowledgeFileMaxBytes,
  knowledgeFileTypes,
  readUploadCapped,
} from "../../../api/knowledge/extract";
import {
  pagedPdf,
  textPdf,
  wordBomb,
  wordListItem,
  wordParagraph,
  wordStructured,
  wordTable,
} from "../../api/test-documents";

const encode = (text: string) => new TextEncoder().encode(text);

const extract = (name: string, bytes: Uint8Array | string, type = "") =>
  extractKnowledgeText({ name, type, bytes: typeof bytes === "string" ? encode(bytes) : bytes });

async function refusal(promise: Promise<unknown>, code: KnowledgeFileErrorCode) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(KnowledgeFileError);
  expect((error as KnowledgeFileError).code).toBe(code);
  expect((error as KnowledgeFileError).message).toMatch(/^[A-Z].+\.$/);
  return error as KnowledgeFileError;
}

/** Right-to-left mark, as Arabic text written beside Latin carries. */
const rlm = "\u200F";

describe("the types", () => {
  it("are these seven, told by the extension", () => {
    expect(knowledgeFileTypes).toEqual(["txt", "md", "html", "pdf", "docx", "csv", "json"]);
  });

  it.each(["slides.pptx", "photo.png", "sheet.xlsx", "archive.zip"])(
    "refuses %s (UNSUPPORTED_FILE_TYPE)",
    async (name) => {
      const error = await refusal(extract(name, "some text"), "UNSUPPORTED_FILE_TYPE");
      expect(error.message).toContain(".docx");
    },
  );

  it("takes the media type only for a name without an extension", async () => {
    expect((await extract("notes", "Plain words", "text/plain")).text).toBe("Plain words");
    await refusal(extract("notes", "Plain words"), "UNSUPPORTED_FILE_TYPE");
    await refusal(extract("notes.exe", "Plain words", "text/plain"), "UNSUPPORTED_FILE_TYPE");
  });

  it("refuses a file whose content is not what its name says (UNREADABLE_FILE)", async () => {
    await refusal(extract("guide.pdf", "Just text, no PDF"), "UNREADABLE_FILE");
    await refusal(extract("guide.docx", "Just text, no ZIP"), "UNREADABLE_FILE");
    // A ZIP, but not a Word document.
    const zip = zipSync({ "notes.txt": strToU8("hello") });
    await refusal(extract("guide.docx", zip), "UNREADABLE_FILE");
    // A PDF renamed .txt: bytes that are not text.
    await refusal(
      extract("guide.txt", new Uint8Array([0x25, 0x50, 0, 0xff, 1])),
      "UNREADABLE_FILE",
    );
    await refusal(extract("guide.csv", new Uint8Array([0xc3, 0x28, 0x41])), "UNREADABLE_FILE");
  });
});

describe("size", () => {
  it("refuses a file past 20 MB (FILE_TOO_LARGE) before reading it", async () => {
    expect(knowledgeFileMaxBytes).toBe(20 * 1024 * 1024);
    const bytes = new Uint8Array(knowledgeFileMaxBytes + 1).fill(0x61);
    const error = await refusal(extract("big.txt", bytes), "FILE_TOO_LARGE");
    expect(error.message).toContain("20 MB");
    // One byte less is read.
    const fits = await extract("big.txt", bytes.subarray(0, knowledgeFileMaxBytes));
    expect(fits.text.length).toBe(knowledgeFileMaxBytes);
  });

  it("stops reading an upload as soon as it passes the cap, without reading the rest", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    let pulled = 0;
    let cancelled = false;
    // 1 GB if it were read to its end.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1024) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    await refusal(readUploadCapped(stream, 5 * 1024 * 1024), "FILE_TOO_LARGE");
    // Six chunks make the count pass 5 MB; the stream may have pulled one more ahead.
    expect(pulled).toBeLessThanOrEqual(8);
    expect(cancelled).toBe(true);
  });

  it("gives an upload under the cap back whole, in its order", async () => {
    const parts = [encode("مرحبا "), encode("بكم"), encode(" — welcome")];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const bytes = await readUploadCapped(stream, 1024);
    expect(new TextDecoder().decode(bytes)).toBe("مرحبا بكم — welcome");
    // Exactly the cap passes.
    const exact = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.close();
      },
    });
    expect((await readUploadCapped(exact, 10)).byteLength).toBe(10);
  });
});

describe("text and Markdown", () => {
  it("keeps a text file as it is, its line endings made \\n, titled by its name", async () => {
    const result = await extract(
      "Opening hours.txt",
      "\uFEFFMonday\r\nTuesday\r\n\r\nClosed\rFriday",
    );
    expect(result).toEqual({ title: "Opening hours", text: "Monday\nTuesday\n\nClosed\nFriday" });
  });

  it("reads UTF-16 with a byte order mark", async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from("سلام", "utf16le"))]);
    expect((await extract("hello.txt", utf16)).text).toBe("سلام");
  });

  it("keeps Markdown as it is, titled by its leading heading", async () => {
    const source = "# Refund policy\n\nRefunds within **14 days**.\n\n- By card\n- By transfer\n";
    const result = await extract("refunds.md", source);
    expect(result).toEqual({ title: "Refund policy", text: source.trim() });
    expect((await extract("refunds.md", "No heading here")).title).toBe("refunds");
  });

  it("refuses a file of nothing but blank lines (EMPTY_FILE)", async () => {
    await refusal(extract("empty.txt", "\n\n   \r\n"), "EMPTY_FILE");
    await refusal(extract("empty.md", ""), "EMPTY_FILE");
  });
});

describe("HTML", () => {
  const page = `<!doctype html><html><head><title>Shipping | Qalam</title>
    <style>body { color: red }</style><script>alert("x")</script></head>
    <body>
      <header><a href="/">Home</a> Site banner</header>
      <nav><a href="/about">About us</a></nav>
      <main>
        <h1>Shipping</h1>
        <p>We ship <strong>worldwide</strong>. See <a href="https://example.com/rates">the rates</a>
           or <a href="/contact">contact us</a>.</p>
        <h2>Times</h2>
        <ul><li>Riyadh: 1 day</li><li>Jeddah: 2 days</li></ul>
        <table><thead><tr><th>Zone</th><th>Price</th></tr></thead>
          <tbody><tr><td>Gulf</td><td>10 SAR</td></tr><tr><td>World</td><td>50 SAR</td></tr></tbody></table>
        <img src="/map.png" alt="map">
      </main>
      <aside>Related posts</aside>
      <footer>© Qalam</footer>
    </body></html>`;

  it("takes the <main> as Markdown: headings, paragraphs, lists and a pipe table", async () => {
    const { title, text } = await extract("shipping.html", page);
    expect(title).toBe("Shipping | Qalam");
    expect(text).toBe(
      [
        "# Shipping",
        "We ship **worldwide**. See [the rates](https://example.com/rates) or contact us.",
        "## Times",
        "-   Riyadh: 1 day\n-   Jeddah: 2 days",
        "| Zone | Price |\n| --- | --- |\n| Gulf | 10 SAR |\n| World | 50 SAR |",
      ].join("\n\n"),
    );
    for (const dropped of ["Site banner", "About us", "Related posts", "©", "alert", "color"]) {
      expect(text).not.toContain(dropped);
    }
  });

  it("takes an <article> when there is no <main>, keeping its own header", async () => {
    const html = `<body><header>Banner</header><article><header><h1>Post</h1></header>
      <p>Body text.</p><footer>Tags: a</footer></article><footer>Site footer</footer></body>`;
    const { title, text } = await extract("post.htm", html);
    expect(title).toBe("Post");
    expect(text).toBe("# Post\n\nBody text.\n\nTags: a");
  });

  it("reads the whole body of a page without either, titled by its first <h1>", async () => {
    const { title, text } = await extract("faq.html", "<h2>Intro</h2><h1>FAQ</h1><p>Ask.</p>");
    expect(title).toBe("FAQ");
    expect(text).toBe("## Intro\n\n# FAQ\n\nAsk.");
  });

  it("takes what Readability finds on a page that marks no main content, without its menus", async () => {
    const words =
      "Orders leave the workshop within two working days and reach Riyadh in three more. ";
    const html = `<html><head><title>Delivery</title></head><body>
      <div class="menu"><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/about">About us</a></div>
      <div class="content"><h2>Delivery times</h2><p>${words.repeat(4)}</p>
      <p>Large pieces travel by freight: ${words.repeat(3)}</p></div>
      <div class="site-footer">Copyright 2026 Nour Ceramics. All rights reserved.</div></body></html>`;
    const { title, text } = await extract("delivery.html", html);
    expect(title).toBe("Delivery");
    expect(text).toContain("## Delivery times");
    expect(text).toContain("Large pieces travel by freight");
    expect(text).not.toMatch(/About us|All rights reserved/);
  });

  it("keeps Arabic and its direction marks intact", async () => {
    const html = `<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>سياسة الاسترجاع</title></head>
      <body><main><h1>سياسة الاسترجاع</h1><p>يمكنك إرجاع المنتج خلال ١٤ يومًا${rlm} (14 days).</p>
      <table><tr><th>الطريقة</th><th>المدة</th></tr><tr><td>بطاقة</td><td>٣ أيام</td></tr></table></main></body></html>`;
    const { title, text } = await extract("returns.html", html);
    expect(title).toBe("سياسة الاسترجاع");
    expect(text).toBe(
      `# سياسة الاسترجاع\n\nيمكنك إرجاع المنتج خلال ١٤ يومًا${rlm} (14 days).\n\n| الطريقة | المدة |\n| --- | --- |\n| بطاقة | ٣ أيام |`,
    );
  });

  it("reads a page in the encoding its <meta charset> declares", async () => {
    // "مرحبا" in Windows-1256.
    const arabic = [0xe3, 0xd1, 0xcd, 0xc8, 0xc7];
    const head = encode('<html><head><meta charset="windows-1256"></head><body><p>');
    const bytes = new Uint8Array([...head, ...arabic, ...encode("</p></body></html>")]);
    expect((await extract("old.html", bytes)).text).toBe("مرحبا");
  });

  it("refuses a page that takes longer to read than its deadline (UNREADABLE_FILE)", async () => {
    // Parsing costs the square of the nesting: this takes minutes, past a deadline of 2 s.
    const deep = `${"<div>".repeat(100_000)}text${"</div>".repeat(100_000)}`;
    const started = performance.now();
    const reading = extractKnowledgeText(
      { name: "deep.html", type: "", bytes: encode(deep) },
      { deadlineMs: 2_000, maxMemoryMb: 256 },
    );
    const error = await refusal(reading, "UNREADABLE_FILE");
    expect(error.message).toContain("too long");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("refuses a page with nothing but navigation and scripts (EMPTY_FILE)", async () => {
    await refusal(
      extract("menu.html", "<nav><a href='/'>Home</a></nav><script>x()</script>"),
      "EMPTY_FILE",
    );
  });
});

describe("Word documents", () => {
  it("come out with headings, paragraphs, lists and tables, titled by their properties", async () => {
    const docx = wordStructured(
      [
        wordParagraph("Handbook", "Title"),
        wordParagraph("Leave", "Heading1"),
        wordParagraph("Everyone has 30 days a year."),
        wordListItem("Annual", 1),
        wordListItem("Sick", 1),
        wordListItem("Ask your manager", 2),
        wordListItem("Wait for the answer", 2),
        wordTable([
          ["Kind", "Days"],
          ["Annual", "30"],
          ["Sick | paid", "15"],
        ]),
      ].join(""),
      { title: "Staff handbook 2026" },
    );
    const { title, text } = await extract("handbook.docx", docx);
    expect(title).toBe("Staff handbook 2026");
    expect(text).toBe(
      [
        "# Handbook",
        "# Leave",
        "Everyone has 30 days a year.",
        "-   Annual\n-   Sick",
        "1.  Ask your manager\n2.  Wait for the answer",
        // A cell is padded to the three characters of its column's "---".
        "| Kind | Days |\n| --- | --- |\n| Annual | 30  |\n| Sick \\| paid | 15  |",
      ].join("\n\n"),
    );
  });

  it("are titled by their Title paragraph when their properties have none, else by their name", async () => {
    const titled = wordStructured(wordParagraph("Handbook", "Title") + wordParagraph("Text."));
    expect((await extract("hb.docx", titled)).title).toBe("Handbook");
    const plain = wordStructured(wordParagraph("Leave", "Heading1") + wordParagraph("Text."), {
      title: "  ",
    });
    expect((await extract("Staff handbook.docx", plain)).title).toBe("Staff handbook");
  });

  it("keep Arabic and its direction marks intact", async () => {
    const docx = wordStructured(
      [
        wordParagraph("دليل الموظف", "Heading1"),
        wordParagraph(`الإجازة السنوية ٣٠ يومًا${rlm} (30 days).`),
        wordListItem("إجازة مرضية", 1),
        wordTable([
          ["النوع", "الأيام"],
          ["سنوية", "٣٠"],
        ]),
      ].join(""),
      { title: "دليل الموظف" },
    );
    const { title, text } = await extract("دليل.docx", docx);
    expect(title).toBe("دليل الموظف");
    expect(text).toBe(
      `# دليل الموظف\n\nالإجازة السنوية ٣٠ يومًا${rlm} (30 days).\n\n-   إجازة مرضية\n\n| النوع | الأيام |\n| --- | --- |\n| سنوية | ٣٠  |`,
    );
  });

  it("refuse a zip bomb before it is unpacked (FILE_TOO_LARGE_UNPACKED)", async () => {
    // 120 MB of XML in about 400 kB: past the 100 MB cap.
    const bomb = wordBomb({ unpackedMb: 120 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await refusal(extract("bomb.docx", bomb), "FILE_TOO_LARGE_UNPACKED");
    expect(error.message).toContain("100 MB");
    // The central directory is read, nothing is inflated.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuse one that unpacks to more than 100 times its size, under 100 MB", async () => {
    const bomb = wordBomb({ unpackedMb: 40 });
    await refusal(extract("bomb.docx", bomb), "FILE_TOO_LARGE_UNPACKED");
  });

  it("refuse one whose ZIP lies about its sizes as unreadable", async () => {
    const liar = wordBomb({ unpackedMb: 20, declaredBytes: 100_000 });
    await refusal(extract("liar.docx", liar), "UNREADABLE_FILE");
  });

  it("refuse a broken ZIP (UNREADABLE_FILE)", async () => {
    const docx = wordStructured(wordParagraph("Text."));
    await refusal(extract("cut.docx", docx.subarray(0, docx.byteLength - 30)), "UNREADABLE_FILE");
    // Its directory intact, its document.xml not XML.
    const garbage = zipSync({ "word/document.xml": strToU8("<w:document><oops") });
    await refusal(extract("garbage.docx", garbage), "UNREADABLE_FILE");
  });

  it("refuse one locked with a password (ENCRYPTED_FILE), and an older .doc", async () => {
    const compound = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    const locked = new Uint8Array([
      ...compound,
      ...new Uint8Array(504),
      ...Buffer.from("EncryptedPackage", "utf16le"),
    ]);
    await refusal(extract("locked.docx", locked), "ENCRYPTED_FILE");
    const doc = new Uint8Array([...compound, ...Buffer.from("WordDocument", "utf16le")]);
    const error = await refusal(extract("old.docx", doc), "UNSUPPORTED_FILE_TYPE");
    expect(error.message).toContain(".doc");
  });

  it("refuse one with no text (EMPTY_FILE)", async () => {
    await refusal(extract("blank.docx", wordStructured(wordParagraph(""))), "EMPTY_FILE");
  });
});

describe("PDF", () => {
  it("comes out page by page, a blank line between pages, titled by its metadata", async () => {
    const pdf = pagedPdf([["Opening hours", "Sunday to Thursday"], ["Closed on Friday"]], {
      title: "Hours",
    });
    const { title, text } = await extract("hours.pdf", pdf);
    expect(title).toBe("Hours");
    expect(text).toBe("Opening hours\nSunday to Thursday\n\nClosed on Friday");
  });

  it("is titled by its name when its metadata names the file it came from", async () => {
    const pdf = textPdf(["Text"], { title: "Microsoft Word - hours.docx" });
    expect((await extract("Opening hours.pdf", pdf)).title).toBe("Opening hours");
  });

  it("refuses one locked with a password (ENCRYPTED_FILE)", async () => {
    const error = await refusal(
      extract("locked.pdf", textPdf(["Secret"], { locked: true })),
      "ENCRYPTED_FILE",
    );
    expect(error.message).toContain("password");
  });

  it("refuses a broken one (UNREADABLE_FILE)", async () => {
    await refusal(extract("broken.pdf", "%PDF-1.4\n1 0 obj\n<< /Type /Cat"), "UNREADABLE_FILE");
  });

  it("refuses one with no text, as a scan is (EMPTY_FILE)", async () => {
    const error = await refusal(extract("scan.pdf", textPdf([])), "EMPTY_FILE");
    expect(error.message).toContain("scanned");
  });
});

describe("CSV", () => {
  it("is a pipe table whose header is its first row", async () => {
    const csv = '\uFEFFname,price,notes\r\nTea,5,"hot, or iced"\r\nCoffee,7,"a|b"\r\n\r\n';
    const { title, text } = await extract("menu.csv", csv);
    expect(title).toBe("menu");
    expect(text).toBe(
      "| name | price | notes |\n| --- | --- | --- |\n| Tea | 5 | hot, or iced |\n| Coffee | 7 | a\\|b |",
    );
  });

  it("reads semicolons and ragged rows, and names columns with no header", async () => {
    const csv = "name;price\nTea;5;extra\nCoffee\n";
    expect((await extract("menu.csv", csv)).text).toBe(
      "| name | price | Column 3 |\n| --- | --- | --- |\n| Tea | 5 | extra |\n| Coffee |  |  |",
    );
  });

  it("keeps Arabic and its direction marks intact", async () => {
    const csv = `المنتج,السعر\nشاي${rlm},٥ ريال\nقهوة,٧ ريال\n`;
    expect((await extract("الأسعار.csv", csv)).text).toBe(
      `| المنتج | السعر |\n| --- | --- |\n| شاي${rlm} | ٥ ريال |\n| قهوة | ٧ ريال |`,
    );
    expect((await extract("الأسعار.csv", csv)).title).toBe("الأسعار");
  });

  it("past 20 columns, is a paragraph of 'column: value' lines per row", async () => {
    const header = Array.from({ length: 21 }, (_, index) => `c${index + 1}`);
    const row = (value: string) => header.map((_, index) => (index % 2 ? "" : `${value}${index}`));
    const csv = [header, row("a"), row("b")].map((cells) => cells.join(",")).join("\n");
    const { text } = await extract("wide.csv", csv);
    const lines = (value: string) =>
      header
        .map((name, index) => (index % 2 ? "" : `${name}: ${value}${index}`))
        .filter(Boolean)
        .join("\n");
    expect(text).toBe(`${lines("a")}\n\n${lines("b")}`);
    // 20 columns are still a table.
    const twenty = [header.slice(0, 20), row("a").slice(0, 20)].map((cells) => cells.join(","));
    expect((await extract("narrow.csv", twenty.join("\n"))).text).toMatch(/^\| c1 \|/);
  });

  it("refuses a malformed one (UNREADABLE_FILE) and an empty one (EMPTY_FILE)", async () => {
    await refusal(extract("bad.csv", 'a,b\n"unclosed,1\n'), "UNREADABLE_FILE");
    await refusal(extract("empty.csv", "\n,,\n"), "EMPTY_FILE");
  });
});

describe("JSON", () => {
  it("flattens an object to 'path: value' lines, each object of an array a paragraph", async () => {
    const json = {
      company: "Qalam",
      address: { city: "الرياض", zip: 12345 },
      tags: ["tea", "coffee"],
      open: true,
      fax: null,
      products: [
        { name: "Tea", price: 5, sizes: ["S", "L"] },
        { name: "Coffee", price: 7, note: "Hot.\n\nOr iced." },
      ],
    };
    const { title, text } = await extract("company.json", JSON.stringify(json));
    expect(title).toBe("company");
    expect(text).toBe(
      [
        "company: Qalam\naddress.city: الرياض\naddress.zip: 12345\ntags: tea, coffee\nopen: true",
        "products[0].name: Tea\nproducts[0].price: 5\nproducts[0].sizes: S, L",
        "products[1].name: Coffee\nproducts[1].price: 7\nproducts[1].note: Hot.\nOr iced.",
      ].join("\n\n"),
    );
  });

  it("makes an array of objects one paragraph per item", async () => {
    const json = [
      { question: "Do you deliver?", answer: "Yes, in Riyadh." },
      { question: "هل تقبلون البطاقات؟", answer: "نعم" },
    ];
    expect((await extract("faq.json", JSON.stringify(json))).text).toBe(
      "question: Do you deliver?\nanswer: Yes, in Riyadh.\n\nquestion: هل تقبلون البطاقات؟\nanswer: نعم",
    );
  });

  it("refuses what is not JSON (UNREADABLE_FILE), and JSON with nothing in it (EMPTY_FILE)", async () => {
    await refusal(extract("bad.json", "{ not: json"), "UNREADABLE_FILE");
    const deep = `${"[".repeat(200_000)}1${"]".repeat(200_000)}`;
    await refusal(extract("deep.json", deep), "UNREADABLE_FILE");
    await refusal(extract("empty.json", '{"a": null, "b": [], "c": {}}'), "EMPTY_FILE");
  });
});
