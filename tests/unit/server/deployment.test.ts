import { describe, expect, it } from "vitest";
import { deploymentFromAppUrl } from "../../../server/deployment";

describe("deploymentFromAppUrl", () => {
  it.each([
    ["http://localhost:3000", { secure: false, local: true }],
    ["http://app.localhost:3000", { secure: false, local: true }],
    ["http://127.0.0.1:3000", { secure: false, local: true }],
    ["http://127.8.9.1", { secure: false, local: true }],
    ["http://[::1]:3000", { secure: false, local: true }],
    ["https://localhost:8443", { secure: true, local: true }],
    ["https://qalam.example.com", { secure: true, local: false }],
    ["http://192.168.1.20:3000", { secure: false, local: false }],
    ["http://10.0.0.5", { secure: false, local: false }],
    ["http://localhost.example.com", { secure: false, local: false }],
    ["http://128.0.0.1", { secure: false, local: false }],
    ["http://[::2]", { secure: false, local: false }],
  ])("%s", (appUrl, expected) => {
    expect(deploymentFromAppUrl(appUrl)).toEqual(expected);
  });

  it("refuses an address that is not absolute http(s)", () => {
    expect(() => deploymentFromAppUrl("qalam.example.com")).toThrow(/APP_URL/);
    expect(() => deploymentFromAppUrl("ftp://qalam.example.com")).toThrow(/http\(s\)/);
  });
});
