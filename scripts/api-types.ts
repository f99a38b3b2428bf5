/**
 * Writes the web app's API types (app/lib/api/schema.d.ts) from the OpenAPI document the
 * embedded API serves at /api/v1/openapi.json. Run after changing a route: `npm run api:types`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { apiBasePath } from "../api/app";
import { createApi } from "../api/index";

const root = resolve(fileURLToPath(import.meta.url), "../..");

/** Where the generated types live, relative to the project's root. */
export const apiTypesFile = "app/lib/api/schema.d.ts";
export const apiTypesCommand = "npm run api:types";

// `@generated` is the marker editors and review tools look for; .gitattributes marks the file
// generated too (GitHub folds it in diffs), and biome.json leaves it out of its checks.
const header = `// @generated from the API's OpenAPI document by \`${apiTypesCommand}\`; do not edit.\n\n`;

/** The document as the embedded API serves it, from an API on a throwaway in-memory database. */
export async function fetchOpenApiDocument(): Promise<OpenAPI3> {
  const dir = mkdtempSync(join(tmpdir(), "qalam-api-types-"));
  const api = await createApi({
    dataDir: "memory://",
    filesDir: join(dir, "files"),
    outboxDir: join(dir, "outbox"),
  });
  try {
    const url = `http://qalam.internal${apiBasePath}/openapi.json`;
    const response = await api.fetch(new Request(url));
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.json()) as OpenAPI3;
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The TypeScript source of the types, formatted as the project's own sources are. Paths are keyed
 * relative to the base path, as the client's base URL already ends in it.
 */
export async function renderApiTypes(document: OpenAPI3): Promise<string> {
  const paths = Object.entries(document.paths ?? {}).map(([path, item]) => {
    if (!path.startsWith(`${apiBasePath}/`)) throw new Error(`${path} is outside ${apiBasePath}`);
    return [path.slice(apiBasePath.length), item] as const;
  });
  const relative = { ...document, paths: Object.fromEntries(paths) };
  // A field with a default is one a request may leave out, so `required` alone decides.
  const types = await openapiTS(relative, { defaultNonNullable: false, silent: true });
  const source = header + astToString(types);
  return formatWithBiome(source);
}

/**
 * Biome leaves the generated file out (biome.json), and would hand its text back unformatted: the
 * text is given under another name of the same kind, which the project's settings format.
 */
function formatWithBiome(source: string) {
  const biome = spawnSync(
    join(root, "node_modules/.bin/biome"),
    ["format", "--stdin-file-path=api-types.d.ts"],
    { cwd: root, input: source, encoding: "utf8" },
  );
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = await renderApiTypes(await fetchOpenApiDocument());
  writeFileSync(join(root, apiTypesFile), source);
  console.log(`Wrote ${apiTypesFile}`);
}
