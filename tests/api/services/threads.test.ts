import { describe, expect, it } from "vitest";
import { cleanTitle, firstWords } from "../../../api/threads/thread-answers";
import { buildContext, contextCharacters } from "../../../api/threads/thread-context";
import { branchOf, newestLeaf, type TreeNode } from "../../../api/threads/thread-messages";

const message = (
  role: "user" | "assistant",
  content: string,
  status: "complete" | "stopped" | "failed" = "complete",
) => ({ role, content, status });

describe("the context of an answer", () => {
  it("is the branch as it is when it fits, without failed answers or empty messages", () => {
    const context = buildContext("Be brief.", [
      message("user", "One"),
      message("assistant", "", "failed"),
      message("assistant", "Half an answer", "stopped"),
      message("user", "   "),
      message("user", "Two"),
    ]);
    expect(context).toEqual({
      instructions: ["Be brief."],
      messages: [
        { role: "user", content: "One" },
        { role: "assistant", content: "Half an answer" },
        { role: "user", content: "Two" },
      ],
      omitted: 0,
      attachments: [],
    });
  });

  it("leaves out the oldest messages first past the budget, the system prompt counted", () => {
    const third = "x".repeat(contextCharacters / 3);
    const context = buildContext("p".repeat(10), [
      message("user", `a${third}`),
      message("assistant", `b${third}`),
      message("user", `c${third}`),
      message("user", "last"),
    ]);
    expect(context.omitted).toBe(1);
    expect(context.messages.map((entry) => entry.content[0])).toEqual(["b", "c", "l"]);
  });

  it("always sends the newest message, however long", () => {
    const context = buildContext("", [
      message("user", "earlier"),
      message("user", "x".repeat(contextCharacters + 1)),
    ]);
    expect(context.omitted).toBe(1);
    expect(context.messages).toHaveLength(1);
  });
});

describe("the context's budget", () => {
  const file = (id: number, length: number) => ({
    id,
    name: `${id}.txt`,
    text: "a".repeat(length),
  });

  it("puts the lorebook and the attachments after the system prompt, each as its own instructions", () => {
    const context = buildContext("Be brief.", [message("user", "Hi")], {
      lore: ["Entry one.", "Entry two."],
      attachments: [{ id: 1, name: "notes.txt", text: "Notes." }],
    });
    expect(context.instructions[0]).toBe("Be brief.");
    expect(context.instructions[1]).toBe("Entry one.\n\nEntry two.");
    expect(context.instructions[2]).toContain("--- notes.txt ---\nNotes.");
    expect(context.attachments).toEqual([
      { attachmentId: 1, name: "notes.txt", included: 6, total: 6 },
    ]);
  });

  it("gives the attachments at most what the system prompt and the lorebook left", () => {
    const lore = "l".repeat(5_000);
    const context = buildContext("p".repeat(contextCharacters - 15_000), [message("user", "Hi")], {
      lore: [lore],
      attachments: [file(1, 4_000), file(2, 8_000), file(3, 10)],
    });
    expect(context.attachments.map((read) => read.included)).toEqual([4_000, 6_000, 0]);
    expect(context.messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("gives the messages what the attachments did not take", () => {
    const fifth = "x".repeat(contextCharacters / 5);
    const branch = [
      message("user", `a${fifth}`),
      message("assistant", `b${fifth}`),
      message("user", `c${fifth}`),
    ];
    expect(buildContext("", branch, { attachments: [file(1, 10)] }).omitted).toBe(0);
    const crowded = buildContext("", branch, { attachments: [file(1, contextCharacters)] });
    expect(crowded.attachments[0]?.included).toBe(contextCharacters / 2);
    expect(crowded.omitted).toBe(1);
  });
});

describe("the tree of messages", () => {
  // 1 → 2 → 3 → 4, 2 → 5 (an edited question), 5 → 6, 1 → 7 (an answer written again)
  const tree: TreeNode[] = [
    { id: 1, parentId: null, role: "user" },
    { id: 2, parentId: 1, role: "assistant" },
    { id: 3, parentId: 2, role: "user" },
    { id: 4, parentId: 3, role: "assistant" },
    { id: 5, parentId: 2, role: "user" },
    { id: 6, parentId: 5, role: "assistant" },
    { id: 7, parentId: 1, role: "assistant" },
  ];

  it("gives a branch from its first message down to its last", () => {
    expect(branchOf(tree, 4)).toEqual([1, 2, 3, 4]);
    expect(branchOf(tree, 6)).toEqual([1, 2, 5, 6]);
    expect(branchOf(tree, null)).toEqual([]);
  });

  it("follows the newest reply at each step below a picked message", () => {
    expect(newestLeaf(tree, 2)).toBe(6);
    expect(newestLeaf(tree, 3)).toBe(4);
    expect(newestLeaf(tree, 7)).toBe(7);
    expect(newestLeaf(tree, 1)).toBe(7);
  });
});

describe("a thread's title", () => {
  it.each([
    ['"Capital of France."', "Capital of France"],
    ["Title: Weekly plan\n", "Weekly plan"],
    ["**خطة الأسبوع**", "خطة الأسبوع"],
    ["word ".repeat(30), `${"word ".repeat(16).trim()}…`],
  ])("from the model's %j is %j", (text, title) => {
    expect(cleanTitle(text)).toBe(title);
  });

  it("from the question, when the model gave none, is its first words", () => {
    expect(firstWords("Plan a week of lessons about the water cycle for ten-year-olds")).toBe(
      "Plan a week of lessons about the water cycle for…",
    );
    expect(firstWords("  Short\nquestion ")).toBe("Short question");
  });
});
