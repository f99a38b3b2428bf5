// Adds lockfile entries for platform-specific optional packages that the registry in use does not
// serve (other operating systems' builds of biome, rollup, tailwind's oxide). npm leaves them out
// of package-lock.json when it cannot resolve them, and `npm ci` then refuses the lockfile. Marked
// optional with their os/cpu, they are skipped on every other platform, as npm would skip them.
// Run after any dependency change: `npm run lock:platforms`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
  "aix",
  "netbsd",
];
const CPU = {
  x64: "x64",
  arm64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  const libc = parts.includes("musl")
    ? "musl"
    : parts.includes("gnu") && os === "linux"
      ? "glibc"
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/${key}`]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!cpu) continue;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} platform entries to package-lock.json`);
if (process.argv.includes("--check"))
  execFileSync("npm", ["ci", "--dry-run"], { stdio: "inherit" });
