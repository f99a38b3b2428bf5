import type { S3Options } from "./s3";

type Env = Record<string, string | undefined>;

const required = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function read(env: Env, name: string) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * Where uploads go: S3-compatible storage when `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID` and
 * `S3_SECRET_ACCESS_KEY` are set (`S3_REGION` optional), the local folder (undefined) when none
 * is. Some but not all of them, or an endpoint that is not an http(s) URL, stops the start with
 * the names of the variables at fault: half a configuration must not quietly mean the folder.
 */
export function s3OptionsFromEnv(env: Env): S3Options | undefined {
  const region = read(env, "S3_REGION");
  const missing = required.filter((name) => !read(env, name));
  if (missing.length === required.length) {
    if (region) throw new Error(`S3_REGION is set without ${required.join(", ")}`);
    return undefined;
  }
  if (missing.length > 0) {
    const set = required.filter((name) => !missing.includes(name));
    throw new Error(
      `S3 storage needs ${missing.join(", ")} as well as ${set.join(", ")}; ` +
        "set all four, or none for the local folder",
    );
  }
  const endpoint = read(env, "S3_ENDPOINT") as string;
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {}
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new Error(`S3_ENDPOINT must be an http or https URL, got "${endpoint}"`);
  }
  return {
    endpoint,
    bucket: read(env, "S3_BUCKET") as string,
    accessKeyId: read(env, "S3_ACCESS_KEY_ID") as string,
    secretAccessKey: read(env, "S3_SECRET_ACCESS_KEY") as string,
    ...(region ? { region } : {}),
  };
}
