import { describe, expect, it } from "vitest";
import { changeLines } from "../../../app/lib/documents";

describe("a version comparison by line", () => {
  it("cuts pieces at line ends so that each line takes its own direction", () => {
    const lines = changeLines([
      { change: "same", text: "Menu\nقائمة " },
      { change: "added", text: "الطعام\nSoup" },
      { change: "removed", text: "\n\nشوربة" },
    ]);
    expect(lines).toEqual([
      [{ change: "same", text: "Menu" }],
      [
        { change: "same", text: "قائمة " },
        { change: "added", text: "الطعام" },
      ],
      [{ change: "added", text: "Soup" }],
      [],
      [{ change: "removed", text: "شوربة" }],
    ]);
  });

  it("keeps a comparison without line ends on one line", () => {
    expect(changeLines([{ change: "same", text: "one line" }])).toEqual([
      [{ change: "same", text: "one line" }],
    ]);
    expect(changeLines([])).toEqual([[]]);
  });
});
