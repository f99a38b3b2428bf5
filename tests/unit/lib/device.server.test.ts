import { describe, expect, it } from "vitest";
import { describeDevice } from "~/lib/device.server";

describe("describeDevice", () => {
  it("names the browser with its major version, the system and the kind of device", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome 156", os: "Linux", kind: "desktop" });
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari 17", os: "iOS", kind: "mobile" });
  });

  it("knows nothing of a missing or unknown User-Agent", () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, kind: "other" });
    expect(describeDevice("   ")).toEqual({ browser: null, os: null, kind: "other" });
    expect(describeDevice("curl/8.4.0").kind).toBe("other");
  });
});
