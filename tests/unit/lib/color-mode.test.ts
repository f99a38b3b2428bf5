import { describe, expect, it } from "vitest";
import {
  type ColorMode,
  type ColorModePreference,
  colorModePreferences,
  effectiveColorMode,
  isColorModePreference,
} from "~/lib/color-mode";

describe("effectiveColorMode", () => {
  const forced: ColorMode[] = ["light", "dark"];

  describe.each(forced)("when the route forces %s", (mode) => {
    it.each(
      colorModePreferences.flatMap((preference) => [
        [preference, true],
        [preference, false],
      ]) as [ColorModePreference, boolean][],
    )("wins over preference %s (system prefers dark: %s)", (preference, systemPrefersDark) => {
      expect(effectiveColorMode(preference, mode, systemPrefersDark)).toBe(mode);
    });
  });

  it("follows the system when the preference is system", () => {
    expect(effectiveColorMode("system", undefined, true)).toBe("dark");
    expect(effectiveColorMode("system", undefined, false)).toBe("light");
  });

  it.each([true, false])("keeps an explicit preference (system prefers dark: %s)", (dark) => {
    expect(effectiveColorMode("light", undefined, dark)).toBe("light");
    expect(effectiveColorMode("dark", undefined, dark)).toBe("dark");
  });
});

describe("isColorModePreference", () => {
  it.each(["light", "dark", "system"])("accepts %j", (value) => {
    expect(isColorModePreference(value)).toBe(true);
  });

  it.each(["Dark", "auto", "", null, undefined, 1, {}])("rejects %j", (value) => {
    expect(isColorModePreference(value)).toBe(false);
  });
});
