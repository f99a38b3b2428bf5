import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  apiTypesCommand,
  apiTypesFile,
  fetchOpenApiDocument,
  renderApiTypes,
} from "../../scripts/api-types";

describe(apiTypesFile, () => {
  it("is what the API's OpenAPI document generates", async () => {
    const generated = await renderApiTypes(await fetchOpenApiDocument());
    const checkedIn = readFileSync(new URL(`../../${apiTypesFile}`, import.meta.url), "utf8");
    expect(checkedIn, `${apiTypesFile} is stale: run \`${apiTypesCommand}\``).toBe(generated);
  });
});
