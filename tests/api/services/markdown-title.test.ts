import { describe, expect, it } from "vitest";
import { importDocumentFile, markdownTitle } from "../../../api/crm/document-content";

const markdown = (name: string, source: string) =>
  importDocumentFile({ name, bytes: new TextEncoder().encode(source) }, async () => null);

describe("the title of an imported Markdown file", () => {
  it("is the first line's heading, without its closing #s, and the rest is the document", () => {
    expect(markdownTitle("# Meeting notes\n\nBook the hall")).toEqual({
      title: "Meeting notes",
      rest: "\nBook the hall",
    });
    expect(markdownTitle("#   Plan ##  \r\nBody")?.title).toBe("Plan");
    expect(markdownTitle("#\tخطة المدرسة")).toEqual({ title: "خطة المدرسة", rest: "" });
    expect(markdownTitle("# C#\n")?.title).toBe("C#");
    expect(markdownTitle("# ###\n")?.title).toBe("");
  });

  it("is none when the first line is not a level-one heading", () => {
    expect(markdownTitle("#hashtag\n")).toBeNull();
    expect(markdownTitle("## Section\n")).toBeNull();
    expect(markdownTitle("Text\n# Later")).toBeNull();
    expect(markdownTitle("")).toBeNull();
  });

  it("is read from a heading line of thousands of spaces, which a pattern backtracked over", async () => {
    const spaces = " ".repeat(2_000);
    expect(markdownTitle(`# a${spaces}`)).toEqual({ title: "a", rest: "" });
    expect(markdownTitle(`# a${spaces}#${spaces}x\nBody`)?.title).toBe(
      `a${spaces}#${spaces}x`.trim(),
    );
    expect(markdownTitle(`# a${spaces}b`)?.title).toBe(`a${spaces}b`);
    const imported = await markdown("notes.md", `# a${spaces}\n\nBody`);
    expect(imported.title).toBe("a");
    expect(imported.content).toBe("<p>Body</p>");
  });

  it("falls back on the file's name", async () => {
    expect((await markdown("Plan.md", "Body")).title).toBe("Plan");
    expect((await markdown("Plan.md", "#\nBody")).title).toBe("Plan");
  });
});
