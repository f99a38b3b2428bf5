import { describe, expect, it } from "vitest";
import { sectionOf } from "~/lib/navigation";

describe("sectionOf", () => {
  it("finds the section list a page is under", () => {
    expect(sectionOf("/workspaces/0b9c6f1e-4d0a-4c57-9a53-3f1d2e5a7b10")?.to).toBe("/workspaces");
    expect(sectionOf("/x-bot/leads")?.to).toBe("/x-bot");
    expect(sectionOf("/threads")?.to).toBe("/threads");
  });

  it("prefers the longest section path", () => {
    expect(sectionOf("/account/organization/0b9c6f1e/owner")?.to).toBe("/account/organization");
    expect(sectionOf("/account/organization")?.to).toBe("/account/organization");
    expect(sectionOf("/account")?.to).toBe("/account");
  });

  it("matches whole path segments only", () => {
    expect(sectionOf("/workspacesx")).toBeNull();
    expect(sectionOf("/accounting")).toBeNull();
    expect(sectionOf("/")).toBeNull();
  });
});
