import { describe, expect, it } from "vitest";
import { roles } from "../../../api/db/schema";
import {
  type Actor,
  can,
  permissions,
  permissionsForRole,
  requireOrganization,
  requirePermission,
} from "../../../api/organizations/permissions";

describe("permissionsForRole", () => {
  it("gives the owner every permission", () => {
    expect(permissionsForRole("owner")).toEqual([...permissions]);
  });

  it("gives a viewer only read permissions", () => {
    const granted = permissionsForRole("viewer");
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.every((p) => p.endsWith(".read"))).toBe(true);
  });

  it("grants more to each role up the ladder", () => {
    const ladder = ["viewer", "member", "admin", "owner"] as const;
    expect([...ladder].sort()).toEqual([...roles].sort());
    for (let i = 1; i < ladder.length; i++) {
      const lower = permissionsForRole(ladder[i - 1]);
      const higher = permissionsForRole(ladder[i]);
      expect(higher).toEqual(expect.arrayContaining(lower));
      expect(higher.length).toBeGreaterThan(lower.length);
    }
  });

  it("keeps member and team management away from members, and deletion with the owner", () => {
    expect(permissionsForRole("member")).not.toContain("members.manage");
    expect(permissionsForRole("member")).toContain("documents.write");
    expect(permissionsForRole("admin")).toContain("members.manage");
    expect(permissionsForRole("admin")).not.toContain("organization.delete");
  });

  it("lets owners and admins set up AI providers, and nobody else", () => {
    expect(permissionsForRole("owner")).toContain("ai.manage");
    expect(permissionsForRole("admin")).toContain("ai.manage");
    expect(permissionsForRole("member")).not.toContain("ai.manage");
    expect(permissionsForRole("viewer")).not.toContain("ai.manage");
  });

  it("gives nothing without a role", () => {
    expect(permissionsForRole(null)).toEqual([]);
  });
});

describe("requirePermission", () => {
  const actor: Actor = {
    userId: "u",
    organizationId: "o",
    permissions: permissionsForRole("viewer"),
  };

  it("passes a granted permission and refuses another with FORBIDDEN", () => {
    expect(() => requirePermission(actor, "documents.read")).not.toThrow();
    expect(() => requirePermission(actor, "documents.write")).toThrow(
      expect.objectContaining({ kind: "forbidden", code: "FORBIDDEN" }),
    );
  });

  it("refuses everything without a current organization", () => {
    expect(can({ ...actor, organizationId: null }, "documents.read")).toBe(false);
  });
});

describe("requireOrganization", () => {
  it("passes an actor in an organization and refuses one without with FORBIDDEN", () => {
    const actor: Actor = { userId: "u", organizationId: "o", permissions: [] };
    expect(() => requireOrganization(actor)).not.toThrow();
    expect(() => requireOrganization({ ...actor, organizationId: null })).toThrow(
      expect.objectContaining({ kind: "forbidden", code: "FORBIDDEN" }),
    );
  });
});
