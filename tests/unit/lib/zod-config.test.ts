import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { configureZod } from "~/lib/zod-config";

describe("configureZod", () => {
  const before = z.config().jitless;
  afterEach(() => {
    z.config({ jitless: before });
  });

  it("leaves the server's compiled parsers alone (no document, as here)", () => {
    expect(typeof document).toBe("undefined");
    expect(z.config().jitless).toBeFalsy();
    configureZod();
    expect(z.config().jitless).toBeFalsy();
  });

  it("runs zod without compiling in the browser, where the CSP forbids `new Function`", () => {
    configureZod(true);
    expect(z.config().jitless).toBe(true);
    // Parsing still works the slower way.
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: "Qalam" }).success).toBe(true);
    expect(schema.safeParse({ name: "" }).success).toBe(false);
  });
});
