import { describe, expect, it } from "vitest";
import { nameInitials, partsInitials } from "../../../app/lib/initials";
import { organizationInitials } from "../../../app/lib/organizations";
import { initials } from "../../../app/lib/user";

describe("initials", () => {
  it("leave the Arabic article out of an organization's name", () => {
    expect(organizationInitials("مخبز النيل")).toBe("م\u200cن");
    expect(organizationInitials("النيل")).toBe("ن\u200cي");
    expect(organizationInitials("Acme Trading")).toBe("AT");
  });

  it("keep a short word that only starts like the article", () => {
    expect(nameInitials("الم")).toBe("ا\u200cل");
    expect(nameInitials("  ")).toBe("");
  });

  it("leave the article out of a person's last name", () => {
    expect(initials({ firstName: "أحمد", lastName: "الغامدي", email: "a@example.com" })).toBe(
      "أ\u200cغ",
    );
    expect(initials({ firstName: "Sara", lastName: "Ali", email: "s@example.com" })).toBe("SA");
    expect(initials({ firstName: "", lastName: "", email: "sara@example.com" })).toBe("S");
    expect(partsInitials([null, undefined])).toBe("");
  });
});
