import { Document as DocxDocument, Packer, Paragraph } from "docx";
import { strToU8, zipSync } from "fflate";

/**
 * A one-page PDF whose lines are `lines` in Helvetica (Latin-1 text), built by hand with a true
 * cross-reference table, as the smallest real PDF a reader accepts. `title` goes in its document
 * information; `locked` gives it an encryption dictionary whose user password is not the empty
 * one, so that a reader asks for a password before it shows anything.
 */
export function textPdf(
  lines: string[],
  options: { title?: string; locked?: boolean } = {},
): Uint8Array {
  return pagedPdf([lines], options);
}

/** A PDF as `textPdf` writes it, of a page per list of lines. */
export function pagedPdf(
  pages: string[][],
  options: { title?: string; locked?: boolean } = {},
): Uint8Array {
  const quoted = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = (lines: string[]) =>
    `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${quoted(line)}) Tj T*`).join(" ")} ET`;
  // 1: catalog, 2: pages, 3: font, then a page and its content for each page.
  const pageObject = (index: number) => 4 + index * 2;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, index) => `${pageObject(index)} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...pages.flatMap((lines, index) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(index) + 1} 0 R >>`,
      `<< /Length ${content(lines).length} >>\nstream\n${content(lines)}\nendstream`,
    ]),
  ];
  let trailer = "";
  if (options.title !== undefined) {
    objects.push(`<< /Title (${quoted(options.title)}) >>`);
    trailer += ` /Info ${objects.length} 0 R`;
  }
  if (options.locked) {
    const hex = (byte: string, count: number) => `<${byte.repeat(count)}>`;
    objects.push(
      `<< /Filter /Standard /V 1 /R 2 /O ${hex("5a", 32)} /U ${hex("a5", 32)} /P -44 >>`,
    );
    trailer += ` /Encrypt ${objects.length} 0 R /ID [${hex("01", 16)} ${hex("01", 16)}]`;
  }
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** A Word document (.docx) of one paragraph per line. */
export async function wordFile(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new DocxDocument({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

const wordNamespace = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The least a .docx needs around its body, zipped by hand: content types, the package's
 * relationships and word/document.xml; `parts` adds others (word/numbering.xml, docProps/…).
 */
export function wordPackage(
  body: Uint8Array,
  options: { parts?: Record<string, string>; level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 } = {},
): Uint8Array {
  const document = Buffer.concat([
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${wordNamespace}><w:body>`,
    ),
    body,
    Buffer.from("</w:body></w:document>"),
  ]);
  const parts = Object.fromEntries(
    Object.entries(options.parts ?? {}).map(([name, xml]) => [name, strToU8(xml)]),
  );
  return zipSync(
    {
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "_rels/.rels": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      "word/document.xml": document,
      ...parts,
    },
    { level: options.level ?? 6 },
  );
}

/** A Word paragraph of `text`, in a paragraph style ("Heading1", "Title") when one is named. */
export function wordParagraph(text: string, style?: string): string {
  const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : "";
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

/** An item of a list of `wordStructured`'s numbering: 1 bulleted, 2 numbered. */
export function wordListItem(text: string, list: 1 | 2): string {
  return `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${list}"/></w:numPr></w:pPr><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`;
}

/** A Word table of plain cells, row by row (no row marked as the header, as Word's often are). */
export function wordTable(rows: string[][]): string {
  const cells = (row: string[]) =>
    row.map((cell) => `<w:tc>${wordParagraph(cell)}</w:tc>`).join("");
  return `<w:tbl>${rows.map((row) => `<w:tr>${cells(row)}</w:tr>`).join("")}</w:tbl>`;
}

/**
 * A .docx of `body` (wordParagraph, wordListItem and wordTable joined), with the numbering its
 * lists use and, when given, a title in its core properties.
 */
export function wordStructured(body: string, options: { title?: string } = {}): Uint8Array {
  const level = (format: string) => `<w:lvl w:ilvl="0"><w:numFmt w:val="${format}"/></w:lvl>`;
  const parts: Record<string, string> = {
    "word/numbering.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${wordNamespace}><w:abstractNum w:abstractNumId="0">${level("bullet")}</w:abstractNum><w:abstractNum w:abstractNumId="1">${level("decimal")}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`,
  };
  if (options.title !== undefined) {
    parts["docProps/core.xml"] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(options.title)}</dc:title></cp:coreProperties>`;
  }
  return wordPackage(Buffer.from(body), { parts });
}

/**
 * A .docx that unpacks to about `unpackedMb` MB of paragraphs: a few hundred kB packed, as a zip
 * bomb is. With `declaredBytes`, its document.xml declares that size in the ZIP's headers and
 * central directory instead of its true one, as a bomb built to pass a size check does.
 */
export function wordBomb(options: { unpackedMb: number; declaredBytes?: number }): Uint8Array {
  const paragraph = "<w:p><w:r><w:t>Lorem ipsum dolor sit amet, consectetur</w:t></w:r></w:p>";
  const count = Math.floor((options.unpackedMb * 1024 * 1024) / paragraph.length);
  const zip = wordPackage(Buffer.alloc(count * paragraph.length).fill(paragraph), { level: 9 });
  if (options.declaredBytes !== undefined)
    declareSize(zip, "word/document.xml", options.declaredBytes);
  return zip;
}

/** Writes `size` as the uncompressed size of `name` in its local header and central directory. */
function declareSize(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const nameAt = (offset: number, length: number) =>
    Buffer.from(zip.subarray(offset, offset + length)).toString();
  for (let offset = 0; offset < zip.length - 46; offset++) {
    const signature = view.getUint32(offset, true);
    if (
      signature === 0x04034b50 &&
      nameAt(offset + 30, view.getUint16(offset + 26, true)) === name
    ) {
      view.setUint32(offset + 22, size, true);
    } else if (
      signature === 0x02014b50 &&
      nameAt(offset + 46, view.getUint16(offset + 28, true)) === name
    ) {
      view.setUint32(offset + 24, size, true);
    }
  }
}
