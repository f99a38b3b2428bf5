import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildIdOf, writeLatestBuild } from "../../../scripts/vite/latest-build";

function clientBuild(files: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "qalam-client-"));
  mkdirSync(join(dir, "assets"));
  for (const file of files) writeFileSync(join(dir, "assets", file), "");
  return dir;
}

describe("builds/latest.json", () => {
  it("names the build by React Router's manifest version, with the time it was built", () => {
    const dir = clientBuild(["entry.client-Ab1.js", "manifest-fcb900e5.js", "root-Cd2.css"]);
    const written = writeLatestBuild(dir, "assets", 1795441281667);
    expect(written).toEqual({ id: "fcb900e5", timestamp: 1795441281667 });
    expect(JSON.parse(readFileSync(join(dir, "builds/latest.json"), "utf8"))).toEqual(written);
  });

  it("refuses a build without a manifest, or with two", () => {
    expect(() => buildIdOf(join(clientBuild(["root-Cd2.js"]), "assets"))).toThrow(/found 0/);
    expect(() =>
      buildIdOf(join(clientBuild(["manifest-aaaaaaaa.js", "manifest-bbbbbbbb.js"]), "assets")),
    ).toThrow(/found 2/);
  });
});
