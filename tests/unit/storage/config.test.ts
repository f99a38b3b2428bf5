import { describe, expect, it } from "vitest";
import { s3OptionsFromEnv } from "../../../api/storage/config";

const all = {
  S3_ENDPOINT: "https://s3.example.test",
  S3_BUCKET: "qalam-files",
  S3_ACCESS_KEY_ID: "key-id",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("s3OptionsFromEnv", () => {
  it("keeps the local folder when no S3 variable is set, or only empty ones", () => {
    expect(s3OptionsFromEnv({})).toBeUndefined();
    expect(s3OptionsFromEnv({ S3_ENDPOINT: " ", S3_BUCKET: "" })).toBeUndefined();
  });

  it("reads the four variables, trimmed, and the region when it is set", () => {
    expect(s3OptionsFromEnv({ ...all, S3_BUCKET: " qalam-files " })).toEqual({
      endpoint: "https://s3.example.test",
      bucket: "qalam-files",
      accessKeyId: "key-id",
      secretAccessKey: "secret",
    });
    expect(s3OptionsFromEnv({ ...all, S3_REGION: "eu-central-1" })?.region).toBe("eu-central-1");
  });

  it.each(Object.keys(all))("stops the start, naming %s, when only it is missing", (name) => {
    const env: Record<string, string> = { ...all };
    delete env[name];
    expect(() => s3OptionsFromEnv(env)).toThrow(new RegExp(`needs ${name} as well as`));
  });

  it("names every missing variable when only one is set", () => {
    expect(() => s3OptionsFromEnv({ S3_BUCKET: "qalam-files" })).toThrow(
      "S3 storage needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well as S3_BUCKET",
    );
  });

  it("stops the start for a region without the rest", () => {
    expect(() => s3OptionsFromEnv({ S3_REGION: "eu-central-1" })).toThrow(
      /S3_REGION is set without S3_ENDPOINT/,
    );
  });

  it.each(["s3.example.test", "ftp://s3.example.test", "http//broken"])(
    "stops the start for the endpoint %j",
    (endpoint) => {
      expect(() => s3OptionsFromEnv({ ...all, S3_ENDPOINT: endpoint })).toThrow(
        /S3_ENDPOINT must be an http or https URL/,
      );
    },
  );
});
