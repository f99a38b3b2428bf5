import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { botLimits } from "../../../api/bots/bot-limits";
import {
  accentColor,
  contrastRatio,
  cornerRadius,
  defaultAccent,
  direction,
  focusColor,
  fontStack,
  parseHexColor,
  safeUrl,
  textOn,
  widgetLanguage,
} from "../../../widget/theme";

describe("the widget's colours", () => {
  it("reads #rgb and #rrggbb only", () => {
    expect(parseHexColor("#fff")).toEqual([255, 255, 255]);
    expect(parseHexColor(" #4F46E5 ")).toEqual([79, 70, 229]);
    for (const bad of [
      "red",
      "#ffff",
      "#ggg",
      "rgb(0,0,0)",
      "",
      null,
      12,
      "#fff;background:url(x)",
    ]) {
      expect(parseHexColor(bad), String(bad)).toBeNull();
    }
  });

  it("measures contrast as WCAG 2 does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#4f46e5", "#4f46e5")).toBe(1);
    expect(contrastRatio("nonsense", "#fff")).toBe(1);
  });

  it("puts white or black on any accent, whichever reads at 4.5:1 at least", () => {
    expect(textOn("#4f46e5")).toBe("#ffffff");
    expect(textOn("#facc15")).toBe("#000000");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const color = `#${value.toString(16).padStart(6, "0")}`;
        expect(contrastRatio(color, textOn(color))).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 2000 },
    );
  });

  it("uses the accent for focus only where it stands out from the background", () => {
    expect(focusColor("#4f46e5", "#ffffff", "#111827")).toBe("#4f46e5");
    expect(focusColor("#fef08a", "#ffffff", "#111827")).toBe("#111827");
    expect(focusColor("#1e1b4b", "#111318", "#f3f4f6")).toBe("#f3f4f6");
  });

  it("falls back to the product's accent for a colour it cannot read", () => {
    expect(accentColor("#ABC")).toBe("#aabbcc");
    expect(accentColor("javascript:alert(1)")).toBe(defaultAccent);
    expect(accentColor(undefined)).toBe(defaultAccent);
  });
});

describe("the widget's language and direction", () => {
  it("takes the bot's language, or the visitor's for 'visitor'", () => {
    expect(widgetLanguage("ar", ["en-US"])).toBe("ar");
    expect(widgetLanguage("en", ["ar-EG"])).toBe("en");
    expect(widgetLanguage("visitor", ["ar-EG", "en"])).toBe("ar");
    expect(widgetLanguage("visitor", ["fr-FR", "ar"])).toBe("ar");
    expect(widgetLanguage("visitor", ["fr-FR", "de"])).toBe("en");
    expect(widgetLanguage("visitor", [])).toBe("en");
    expect(widgetLanguage("klingon", ["AR-sa"])).toBe("ar");
  });

  it("writes Arabic right to left", () => {
    expect(direction("ar")).toBe("rtl");
    expect(direction("en")).toBe("ltr");
  });
});

describe("the widget's appearance settings", () => {
  it("turns a font choice into a stack that ends in the system's font", () => {
    expect(fontStack("inter")).toMatch(/^"Inter Variable", Inter,/);
    expect(fontStack("ibm-plex-sans-arabic")).toMatch(/^"IBM Plex Sans Arabic",/);
    expect(fontStack("system")).toMatch(/^system-ui/);
    for (const font of ["inter", "ibm-plex-sans-arabic", "system"]) {
      expect(fontStack(font)).toMatch(/sans-serif$/);
    }
    expect(fontStack("x; } body { display: none")).toBe(fontStack("system"));
  });

  it("keeps the corner radius within the API's range, whose every value it draws", () => {
    expect(cornerRadius(8.4)).toBe(8);
    expect(cornerRadius(-3)).toBe(0);
    expect(cornerRadius(botLimits.radius.max)).toBe(botLimits.radius.max);
    expect(cornerRadius(botLimits.radius.min)).toBe(botLimits.radius.min);
    expect(cornerRadius(400)).toBe(botLimits.radius.max);
    expect(cornerRadius("12px; color: red")).toBe(12);
    expect(cornerRadius(Number.NaN)).toBe(12);
  });

  it("takes only http and https addresses for images", () => {
    expect(safeUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:image/svg+xml,<svg onload=alert(1)>")).toBeNull();
    expect(safeUrl("/avatar.png")).toBeNull();
    expect(safeUrl(null)).toBeNull();
    // A path is on the product's origin when the caller gives it.
    expect(safeUrl("/media/a.png", "https://qalam.example/api/v1/")).toBe(
      "https://qalam.example/media/a.png",
    );
    expect(safeUrl("javascript:alert(1)", "https://qalam.example/")).toBeNull();
  });
});
