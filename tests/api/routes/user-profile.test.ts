import { randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiBasePath } from "../../../api/app";
import { AppError } from "../../../api/errors";
import { updateProfile } from "../../../api/identity/users";
import { maxAvatarBytes } from "../../../api/storage/avatars";
import { createLocalStorage } from "../../../api/storage/local";
import { createTestApi, type TestApi, uniqueEmail } from "../helpers";
import {
  bytesOfSize,
  gifImage,
  imageInfo,
  jpegImage,
  pngBomb,
  pngImage,
  svgImage,
  textFile,
  webpImage,
} from "../test-images";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let phoneCounter = 0;
/** A valid Saudi mobile number, different on every call, as people type it. */
function uniquePhone(): { typed: string; e164: string } {
  phoneCounter += 1;
  const digits = `${String(phoneCounter).padStart(3, "0")}${randomInt(0, 10_000).toString().padStart(4, "0")}`;
  return { typed: `00966 50 ${digits}`, e164: `+96650${digits}` };
}

async function signedIn(options: { phone?: string } = {}) {
  const created = await t.createUser(options);
  return { ...created, token: await t.loginToken(created.email, created.password) };
}

type Field = string | { bytes: Uint8Array; name?: string; type?: string };

function form(fields: Record<string, Field>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") data.append(name, value);
    else {
      const blob = new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "image/png" });
      data.append(name, blob, value.name ?? "avatar.png");
    }
  }
  return data;
}

function putProfile(token: string | undefined, fields: Record<string, Field>) {
  return t.request("PUT", "/user", { token, body: form(fields) });
}

async function fetchFile(path: string) {
  const response = await t.api.fetch(new Request(new URL(path, "http://qalam.test")));
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const avatarUrlPattern = /^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/;

describe("PUT /user", () => {
  it("changes the fields sent and answers with the current user", async () => {
    const { token, user, organizationId, email } = await signedIn();

    const response = await putProfile(token, {
      firstName: "  Sara ",
      lastName: "Al-Harbi",
      // The address it has already: nothing to change, so nothing to refuse.
      email: `  ${email.toUpperCase()} `,
      locale: "ar",
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toEqual({
      id: user.id,
      firstName: "Sara",
      lastName: "Al-Harbi",
      email,
      phone: null,
      avatarUrl: null,
      locale: "ar",
      verified: true,
      emailVerified: true,
      phoneVerified: false,
      account: {
        currentOrganizationId: organizationId,
        currentOrganizationPermissions: expect.arrayContaining(["members.manage"]),
      },
    });
    expect((await t.request("GET", "/user", { token })).body).toEqual(response.body);
  });

  it.each([
    ["firstName", "Layla", { firstName: "Layla" }],
    ["lastName", "Haddad", { lastName: "Haddad" }],
    ["locale", "ar", { locale: "ar" }],
  ])("changes only %s when only it is sent", async (field, value, expected) => {
    const { token, email } = await signedIn();
    const before = (await t.request("GET", "/user", { token })).body;

    const response = await putProfile(token, { [field]: value });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...before, ...expected });
    expect(response.body.email).toBe(email);
  });

  it("keeps everything when nothing is sent, and ignores an empty file part", async () => {
    const { token } = await signedIn();
    const before = (await t.request("GET", "/user", { token })).body;

    const empty = await putProfile(token, {});
    // What a browser sends for a file input left empty, and what FormData sends for a nameless Blob.
    const noFileChosen = await t.request("PUT", "/user", {
      token,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body:
        '--b\r\nContent-Disposition: form-data; name="avatar"; filename=""\r\n' +
        "Content-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n",
    });
    const nameless = new FormData();
    nameless.append("avatar", new Blob([]), "");
    const withEmptyPart = await t.request("PUT", "/user", { token, body: nameless });

    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(before);
    expect(noFileChosen.status).toBe(200);
    expect(noFileChosen.body).toEqual(before);
    expect(withEmptyPart.status).toBe(200);
    expect(withEmptyPart.body).toEqual(before);
  });

  it("ignores fields it does not know, such as another user's id", async () => {
    const victim = await signedIn();
    const attacker = await signedIn();

    const response = await putProfile(attacker.token, {
      id: victim.user.id,
      userId: victim.user.id,
      firstName: "Mallory",
    });

    expect(response.status).toBe(200);
    expect(response.body.id).toBe(attacker.user.id);
    const victimNow = (await t.request("GET", "/user", { token: victim.token })).body;
    expect(victimNow.firstName).toBe("Test");
  });

  it("refuses a new email or phone, or removing one: those need an address change", async () => {
    const phone = uniquePhone();
    const { token } = await signedIn({ phone: phone.typed });
    const before = (await t.request("GET", "/user", { token })).body;

    const attempts: Record<string, string>[] = [
      { email: uniqueEmail() },
      { phone: uniquePhone().typed },
      { email: "" },
      { phone: " ", firstName: "Changed" },
    ];
    for (const fields of attempts) {
      const response = await putProfile(token, fields);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("ADDRESS_CHANGE_REQUIRED");
      const field = Object.keys(fields)[0] as string;
      expect(response.body.error.fieldCodes).toEqual({ [field]: "ADDRESS_CHANGE_REQUIRED" });
    }
    expect((await t.request("GET", "/user", { token })).body).toEqual(before);
  });

  it.each([
    ["locale", { locale: "fr" }, "INVALID_VALUE"],
    ["email", { email: "not-an-email" }, "INVALID_FORMAT"],
    ["email", { email: `${"a".repeat(320)}@example.test` }, "TOO_LONG"],
    ["phone", { phone: "0501234567" }, "INVALID_FORMAT"],
    ["phone", { phone: "+1 555" }, "INVALID_FORMAT"],
    ["firstName", { firstName: "   " }, "REQUIRED"],
    ["lastName", { lastName: "x".repeat(101) }, "TOO_LONG"],
    ["removeAvatar", { removeAvatar: "yes" }, "INVALID_VALUE"],
    ["avatar", { avatar: "not a file" }, "INVALID_TYPE"],
    [
      "firstName",
      { firstName: { bytes: textFile(), name: "name.txt", type: "text/plain" } },
      "INVALID_TYPE",
    ],
  ])("refuses a bad %s with 422 and the field", async (field, fields, code) => {
    const { token } = await signedIn();

    const response = await putProfile(token, fields);

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.fields).toHaveProperty(field);
    expect(response.body.error.fieldCodes).toEqual({ [field]: code });
  });

  it("reports every bad field at once and changes nothing", async () => {
    const { token } = await signedIn();
    const before = (await t.request("GET", "/user", { token })).body;

    const response = await putProfile(token, {
      firstName: "Changed",
      email: "nope",
      phone: "123",
      locale: "de",
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(["email", "locale", "phone"]);
    expect(response.body.error.fieldCodes).toEqual({
      email: "INVALID_FORMAT",
      phone: "INVALID_FORMAT",
      locale: "INVALID_VALUE",
    });
    expect((await t.request("GET", "/user", { token })).body).toEqual(before);
  });

  it("accepts the user's own email and phone unchanged", async () => {
    const phone = uniquePhone();
    const { token, email } = await signedIn({ phone: phone.typed });

    const response = await putProfile(token, { email, phone: phone.typed });

    expect(response.status).toBe(200);
  });

  it("refuses a request without a token with 401", async () => {
    const response = await putProfile(undefined, { firstName: "Nobody" });

    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHORIZED");
  });

  it.each([
    ["JSON", "application/json", JSON.stringify({ firstName: "Json" })],
    ["a URL-encoded form", "application/x-www-form-urlencoded", "firstName=Form"],
    ["plain text", "text/plain", "firstName=Text"],
  ])("refuses %s with 415 UNSUPPORTED_MEDIA_TYPE", async (_, contentType, body) => {
    const { token } = await signedIn();

    const response = await t.request("PUT", "/user", {
      token,
      body,
      headers: { "content-type": contentType },
    });

    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it.each([
    ["garbage", "multipart/form-data; boundary=xyz", "this is not multipart at all"],
    ["no boundary", "multipart/form-data", "--xyz\r\n\r\n"],
    [
      "an unterminated part",
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nSara',
    ],
  ])(
    "answers a malformed multipart body (%s) with 400 MALFORMED_REQUEST",
    async (_, type, body) => {
      const { token } = await signedIn();

      const response = await t.request("PUT", "/user", {
        token,
        body,
        headers: { "content-type": type },
      });

      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("MALFORMED_REQUEST");
    },
  );
});

describe("PUT /user avatar", () => {
  it.each([
    ["PNG", pngImage, "image/png"],
    ["JPEG", jpegImage, "image/jpeg"],
    ["WebP", webpImage, "image/webp"],
    ["PNG declared as a GIF", pngImage, "image/gif"],
  ])("stores a %s as a WebP of at most 512 px that GET serves", async (_, make, type) => {
    const { token } = await signedIn();

    const response = await putProfile(token, {
      avatar: { bytes: await make(), name: "me.gif", type },
    });

    expect(response.status).toBe(200);
    const { avatarUrl } = response.body;
    expect(avatarUrl).toMatch(avatarUrlPattern);
    expect(avatarUrl.startsWith(`${apiBasePath}/files/`)).toBe(true);
    const file = await fetchFile(avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const info = await imageInfo(file.bytes);
    expect(info.format).toBe("webp");
    expect(info.width).toBeLessThanOrEqual(512);
    expect(info.height).toBeLessThanOrEqual(512);
  });

  it("deletes the replaced avatar, and removeAvatar deletes the current one", async () => {
    const { token } = await signedIn();
    const first = (await putProfile(token, { avatar: { bytes: await pngImage() } })).body.avatarUrl;

    const replaced = await putProfile(token, { avatar: { bytes: await jpegImage() } });
    const second = replaced.body.avatarUrl;

    expect(second).toMatch(avatarUrlPattern);
    expect(second).not.toBe(first);
    expect((await fetchFile(first)).status).toBe(404);
    expect((await fetchFile(second)).status).toBe(200);

    const removed = await putProfile(token, { removeAvatar: "true" });

    expect(removed.status).toBe(200);
    expect(removed.body.avatarUrl).toBeNull();
    expect((await fetchFile(second)).status).toBe(404);
  });

  it("keeps the avatar for removeAvatar=false and other changes", async () => {
    const { token } = await signedIn();
    const url = (await putProfile(token, { avatar: { bytes: await pngImage() } })).body.avatarUrl;

    const response = await putProfile(token, { removeAvatar: "false", firstName: "Kept" });

    expect(response.body.avatarUrl).toBe(url);
    expect((await fetchFile(url)).status).toBe(200);
  });

  it("refuses a new avatar together with removeAvatar=true", async () => {
    const { token } = await signedIn();

    const response = await putProfile(token, {
      removeAvatar: "true",
      avatar: { bytes: await pngImage() },
    });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty("removeAvatar");
    expect(response.body.error.fieldCodes).toEqual({ removeAvatar: "CONFLICTING_FIELDS" });
  });

  it.each([
    ["a GIF", gifImage, "avatar.gif", "image/gif"],
    ["an SVG", async () => svgImage(), "avatar.svg", "image/svg+xml"],
    ["a text file named .png", async () => textFile(), "avatar.png", "image/png"],
  ])("refuses %s with 422 INVALID_IMAGE on avatar", async (_, make, name, type) => {
    const { token } = await signedIn();

    const response = await putProfile(token, { avatar: { bytes: await make(), name, type } });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("INVALID_IMAGE");
    expect(response.body.error.fieldCodes).toEqual({ avatar: "INVALID_IMAGE" });
  });

  it.each([
    ["4097×10 pixels", () => pngImage(4097, 10)],
    ["a header that declares 20000×20000", async () => pngBomb()],
  ])("refuses %s with 422 IMAGE_TOO_LARGE_DIMENSIONS", async (_, make) => {
    const { token } = await signedIn();

    const response = await putProfile(token, { avatar: { bytes: await make() } });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("IMAGE_TOO_LARGE_DIMENSIONS");
    expect(response.body.error.fields).toHaveProperty("avatar");
  });

  it("refuses a file over 5 MB with 413 and leaves the profile as it was", async () => {
    const { token } = await signedIn();

    const response = await putProfile(token, {
      firstName: "Big",
      avatar: { bytes: bytesOfSize(maxAvatarBytes + 1) },
    });

    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await t.request("GET", "/user", { token })).body.firstName).toBe("Test");
  });

  it("accepts a request body over the 1 MiB limit of the other routes", async () => {
    const { token } = await signedIn();
    const large = Buffer.concat([await pngImage(64, 64), Buffer.alloc(2 * 1024 * 1024)]);

    const response = await putProfile(token, { avatar: { bytes: large } });

    // Decoders stop at the end of the image and ignore what follows it.
    expect(response.status).toBe(200);
    expect(response.body.avatarUrl).toMatch(avatarUrlPattern);
  });

  it("refuses a body over its limit from Content-Length, and while counting a stream", async () => {
    const { token } = await signedIn();
    const tooLarge = form({ avatar: { bytes: bytesOfSize(maxAvatarBytes + 65 * 1024) } });

    const declared = await putProfile(token, {
      avatar: { bytes: bytesOfSize(maxAvatarBytes + 65 * 1024) },
    });
    expect(declared.status).toBe(413);

    const serialized = new Request("http://qalam.test/", { method: "PUT", body: tooLarge });
    const streamed = new Request("http://qalam.test/api/v1/user", {
      method: "PUT",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": serialized.headers.get("content-type") ?? "",
      },
      body: serialized.body,
      duplex: "half",
    } as RequestInit);
    expect(streamed.headers.has("content-length")).toBe(false);

    const response = await t.api.fetch(streamed);

    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("is documented as a multipart body in the OpenAPI document", async () => {
    const document = (await t.request("GET", "/openapi.json")).body;
    const operation = document.paths["/api/v1/user"].put;

    const content = operation.requestBody.content["multipart/form-data"];
    expect(content).toBeDefined();
    const schema = content.schema.$ref
      ? document.components.schemas[content.schema.$ref.split("/").at(-1)]
      : content.schema;
    expect(schema.properties.avatar).toMatchObject({ type: "string", format: "binary" });
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["firstName", "lastName", "email", "phone", "locale", "removeAvatar"]),
    );
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "409", "413", "415", "422"]),
    );
  });
});

describe("updateProfile and stored files", () => {
  const root = mkdtempSync(join(tmpdir(), "qalam-files-"));
  const storage = createLocalStorage(root);
  const storedAvatars = () => {
    try {
      return readdirSync(join(root, "avatars"));
    } catch {
      return [];
    }
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("deletes the newly stored avatar when the update fails", async () => {
    const other = await t.createUser();
    const { user } = await t.createUser();

    const failed = updateProfile(t.db, storage, user.id, {
      email: other.email,
      avatar: await pngImage(),
    });

    await expect(failed).rejects.toMatchObject({ code: "ADDRESS_CHANGE_REQUIRED" });
    expect(storedAvatars()).toEqual([]);
  });

  it("keeps exactly one file per user through replacements", async () => {
    const { user } = await t.createUser();

    await updateProfile(t.db, storage, user.id, { avatar: await pngImage() });
    const updated = await updateProfile(t.db, storage, user.id, { avatar: await webpImage() });

    expect(storedAvatars()).toEqual([updated.avatarUrl?.split("/").at(-1)]);

    await updateProfile(t.db, storage, user.id, { removeAvatar: true });
    expect(storedAvatars()).toEqual([]);
  });

  it("stores nothing for an avatar that is refused", async () => {
    const { user } = await t.createUser();

    await expect(
      updateProfile(t.db, storage, user.id, { avatar: textFile() }),
    ).rejects.toBeInstanceOf(AppError);
    expect(storedAvatars()).toEqual([]);
  });
});
