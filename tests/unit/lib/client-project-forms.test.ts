import { describe, expect, it } from "vitest";
import { ClientFields, clientInitials, parseTags } from "../../../app/lib/clients";
import { ProjectFields } from "../../../app/lib/projects";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );

describe("the client form", () => {
  it("takes a name alone, the other fields empty", () => {
    const result = ClientFields.safeParse({ name: "Al Noor", kind: "company", status: "lead" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: "", phone: "", website: "", tags: "" });
  });

  it("takes a national number, which the API reads in the organization's country", () => {
    const fields = { name: "Al Noor", kind: "company", status: "lead" };
    expect(ClientFields.safeParse({ ...fields, phone: "050 123 4567" }).success).toBe(true);
    expect(ClientFields.safeParse({ ...fields, phone: "+966 50 123 4567" }).success).toBe(true);
  });

  it("explains each bad field by its message key", () => {
    const result = ClientFields.safeParse({
      kind: "company",
      status: "lead",
      email: "not-an-email",
      phone: "call me",
      website: "not a site",
      tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(","),
    });
    expect(messages(result)).toEqual({
      name: "required",
      email: "invalidEmail",
      phone: "invalidPhoneNumber",
      website: "invalidUrl",
      tags: "tooManyTags",
    });
  });

  it("reads tags separated by Latin or Arabic commas, once each", () => {
    expect(parseTags(" school، riyadh ,school,, vip ")).toEqual(["school", "riyadh", "vip"]);
  });

  it("refuses a logo the API would not take by its type or size, before anything is saved", () => {
    const fields = { name: "Al Noor", kind: "company", status: "lead" };
    const file = (size: number, type: string) => new File([new Uint8Array(size)], "logo", { type });
    expect(ClientFields.safeParse({ ...fields, logo: file(100, "image/webp") }).success).toBe(true);
    expect(messages(ClientFields.safeParse({ ...fields, logo: file(100, "image/gif") }))).toEqual({
      logo: "invalidImage",
    });
    const large = ClientFields.safeParse({
      ...fields,
      logo: file(5 * 1024 * 1024 + 1, "image/png"),
    });
    expect(messages(large)).toEqual({ logo: "fileTooLarge" });
  });

  it("stands for a client without a logo by the first letters of two words", () => {
    expect(clientInitials("al noor school")).toBe("AN");
    expect(clientInitials("Acme")).toBe("AC");
    // The article ال is left out, and the two letters kept apart.
    expect(clientInitials("مدرسة النور")).toBe("م\u200cن");
    expect(clientInitials("  ")).toBe("");
  });
});

describe("the project form", () => {
  it("takes a name alone, without dates, budget or people", () => {
    const result = ProjectFields.safeParse({ name: "Launch", status: "planned", currency: "SAR" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ startDate: "", dueDate: "", memberIds: [] });
    expect(result.data?.budgetAmount).toBeUndefined();
  });

  it("takes one person or several, and a budget as typed", () => {
    const one = ProjectFields.safeParse({
      name: "A",
      status: "active",
      currency: "KWD",
      memberIds: "u1",
      budgetAmount: "1.234",
    });
    expect(one.data).toMatchObject({ memberIds: ["u1"], budgetAmount: 1.234 });
    const two = ProjectFields.safeParse({
      name: "A",
      status: "active",
      currency: "SAR",
      memberIds: ["u1", "u2"],
    });
    expect(two.data?.memberIds).toEqual(["u1", "u2"]);
  });

  it("refuses a due date before the start and a negative budget", () => {
    const result = ProjectFields.safeParse({
      name: "A",
      status: "planned",
      currency: "SAR",
      startDate: "2027-03-01",
      dueDate: "2027-02-01",
    });
    expect(messages(result)).toEqual({ dueDate: "dueBeforeStart" });
    const negative = ProjectFields.safeParse({
      name: "A",
      status: "planned",
      currency: "SAR",
      budgetAmount: "-5",
    });
    expect(messages(negative)).toEqual({ budgetAmount: "invalidAmount" });
  });
});
