import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The client build's own file that names the build: `builds/latest.json`. */
export const latestBuildPath = "builds/latest.json";

export type LatestBuild = { id: string; timestamp: number };

/**
 * The build id is the version of React Router's browser manifest, which hashes every route module
 * and stylesheet: the same code builds the same id, and a page knows its own as
 * `window.__reactRouterManifest.version`. React Router writes that manifest as
 * `manifest-<version>.js`.
 */
export function buildIdOf(assetsDir: string): string {
  const versions = readdirSync(assetsDir)
    .map((file) => /^manifest-([0-9a-f]+)\.js$/.exec(file)?.[1])
    .filter((version): version is string => Boolean(version));
  if (versions.length !== 1) {
    throw new Error(
      `Expected one React Router manifest in ${assetsDir}, found ${versions.length}: clear the build directory and build again.`,
    );
  }
  return versions[0] as string;
}

/** Writes `builds/latest.json` into a finished client build; returns what it wrote. */
export function writeLatestBuild(clientDir: string, assetsDir = "assets", now = Date.now()) {
  const latest: LatestBuild = { id: buildIdOf(join(clientDir, assetsDir)), timestamp: now };
  const file = join(clientDir, latestBuildPath);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(latest)}\n`);
  return latest;
}
