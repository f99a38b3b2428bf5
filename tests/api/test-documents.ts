import { Document as DocxDocument, Packer, Paragraph } from "docx";
import { strToU8, zipSync } from "fflate";

/**
 * A one-page PDF whose lines are `lines` in Helvetica (Latin-1 text), built by hand with a true
 * cross-reference table, as the smallest real PDF a reader accepts.
 */
export function textPdf(lines: string[]): Uint8Array {
  const quoted = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${quoted(line)}) Tj T*`).join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** A Word document (.docx) of one paragraph per line. */
export async function wordFile(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new DocxDocument({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/**
 * A .docx that unpacks to about `unpackedMb` MB of paragraphs: a few hundred kB packed, as a zip
 * bomb is. With `declaredBytes`, its document.xml declares that size in the ZIP's headers and
 * central directory instead of its true one, as a bomb built to pass a size check does.
 */
export function wordBomb(options: { unpackedMb: number; declaredBytes?: number }): Uint8Array {
  const paragraph = "<w:p><w:r><w:t>Lorem ipsum dolor sit amet, consectetur</w:t></w:r></w:p>";
  const count = Math.floor((options.unpackedMb * 1024 * 1024) / paragraph.length);
  const body = Buffer.alloc(count * paragraph.length).fill(paragraph);
  const document = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    ),
    body,
    Buffer.from("</w:body></w:document>"),
  ]);
  const zip = zipSync(
    {
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "_rels/.rels": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      "word/document.xml": document,
    },
    { level: 9 },
  );
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
