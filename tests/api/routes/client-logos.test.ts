import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxAvatarBytes } from "../../../api/storage/avatars";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { organizationEvents } from "../realtime/socket-server";
import {
  bytesOfSize,
  gifImage,
  imageInfo,
  jpegImage,
  pngBomb,
  pngImage,
  textFile,
  webpImage,
} from "../test-images";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

const logoUrlPattern = /^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/;

function logoForm(bytes: Uint8Array, name = "logo.png", type = "image/png") {
  const form = new FormData();
  form.set("logo", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const putLogo = (token: string, id: string, body: FormData) =>
  t.request("PUT", `/clients/${id}/logo`, { token, body });

const removeLogo = (token: string, id: string) =>
  t.request("DELETE", `/clients/${id}/logo`, { token });

async function fetchFile(path: string) {
  const response = await t.api.fetch(new Request(new URL(path, "http://qalam.test")));
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** An owner with one client of theirs. */
async function ownerWithClient(name = "Al Noor School") {
  const owner = await ownerWithSession(t);
  const created = await t.request("POST", "/clients", { token: owner.token, json: { name } });
  return { owner, client: created.body as { id: string; version: number } };
}

describe("PUT /clients/{id}/logo", () => {
  it.each([
    ["PNG", pngImage, "image/png"],
    ["JPEG", jpegImage, "image/jpeg"],
    ["WebP", webpImage, "image/webp"],
  ])("stores a %s as a WebP of at most 512 px that GET /files serves", async (_, make, type) => {
    const { owner, client } = await ownerWithClient();

    const response = await putLogo(owner.token, client.id, logoForm(await make(), "logo", type));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: client.id, name: "Al Noor School", version: 2 });
    expect(response.body.logoUrl).toMatch(logoUrlPattern);
    const file = await fetchFile(response.body.logoUrl);
    expect(file.status).toBe(200);
    expect(file.contentType).toBe("image/webp");
    const info = await imageInfo(file.bytes);
    expect(info.format).toBe("webp");
    expect(info.width).toBeLessThanOrEqual(512);
    expect(info.height).toBeLessThanOrEqual(512);

    const read = await t.request("GET", `/clients/${client.id}`, { token: owner.token });
    expect(read.body.logoUrl).toBe(response.body.logoUrl);
    const list = await t.request("GET", "/clients", { token: owner.token });
    expect(list.body.items[0].logoUrl).toBe(response.body.logoUrl);
  });

  it("deletes the logo it replaces", async () => {
    const { owner, client } = await ownerWithClient();
    const first = (await putLogo(owner.token, client.id, logoForm(await pngImage()))).body;

    const second = (await putLogo(owner.token, client.id, logoForm(await jpegImage()))).body;

    expect(second.logoUrl).toMatch(logoUrlPattern);
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(second.version).toBe(first.version + 1);
    expect((await fetchFile(first.logoUrl)).status).toBe(404);
    expect((await fetchFile(second.logoUrl)).status).toBe(200);
  });

  it.each([
    ["a text file named .png", async () => textFile(), "logo.png", "image/png"],
    ["a GIF", gifImage, "logo.gif", "image/gif"],
  ])("refuses %s with 422 INVALID_IMAGE on logo, changing nothing", async (_, make, name, type) => {
    const { owner, client } = await ownerWithClient();

    const response = await putLogo(owner.token, client.id, logoForm(await make(), name, type));

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("INVALID_IMAGE");
    expect(response.body.error.fieldCodes).toEqual({ logo: "INVALID_IMAGE" });
    const read = await t.request("GET", `/clients/${client.id}`, { token: owner.token });
    expect(read.body).toMatchObject({ logoUrl: null, version: 1 });
  });

  it.each([
    ["4097×10 pixels", () => pngImage(4097, 10)],
    ["a header that declares 20000×20000", async () => pngBomb()],
  ])("refuses %s with 422 IMAGE_TOO_LARGE_DIMENSIONS on logo", async (_, make) => {
    const { owner, client } = await ownerWithClient();

    const response = await putLogo(owner.token, client.id, logoForm(await make()));

    expect(response.status).toBe(422);
    expect(response.body.error.fieldCodes).toEqual({ logo: "IMAGE_TOO_LARGE_DIMENSIONS" });
  });

  it("refuses a file over 5 MB with 413, and a body far over it", async () => {
    const { owner, client } = await ownerWithClient();

    const over = await putLogo(owner.token, client.id, logoForm(bytesOfSize(maxAvatarBytes + 1)));
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(over.body.error.fieldCodes).toEqual({ logo: "PAYLOAD_TOO_LARGE" });

    const far = await putLogo(
      owner.token,
      client.id,
      logoForm(bytesOfSize(maxAvatarBytes + 65 * 1024)),
    );
    expect(far.status).toBe(413);
    const read = await t.request("GET", `/clients/${client.id}`, { token: owner.token });
    expect(read.body).toMatchObject({ logoUrl: null, version: 1 });
  });

  it("wants a file, sent as multipart/form-data", async () => {
    const { owner, client } = await ownerWithClient();
    const empty = new FormData();
    empty.set("logo", new Blob([]), "");

    const none = await putLogo(owner.token, client.id, empty);
    expect(none.status).toBe(422);
    expect(none.body.error.fieldCodes).toEqual({ logo: "REQUIRED" });

    const json = await t.request("PUT", `/clients/${client.id}/logo`, {
      token: owner.token,
      json: { logo: "x" },
    });
    expect(json.status).toBe(415);
  });
});

describe("DELETE /clients/{id}/logo", () => {
  it("takes the logo away with its file, and leaves a client without one as it is", async () => {
    const { owner, client } = await ownerWithClient();
    const withLogo = (await putLogo(owner.token, client.id, logoForm(await pngImage()))).body;

    const removed = await removeLogo(owner.token, client.id);

    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ logoUrl: null, version: withLogo.version + 1 });
    expect((await fetchFile(withLogo.logoUrl)).status).toBe(404);

    const again = await removeLogo(owner.token, client.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ logoUrl: null, version: removed.body.version });
  });
});

describe("who may change a logo", () => {
  it("lets members, not viewers; another organization's client and an unknown one are 404", async () => {
    const { owner, client } = await ownerWithClient();
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const member = await memberWithSession(t, owner.organizationId, "member");
    const stranger = await ownerWithSession(t);
    const image = await pngImage(64, 64);

    expect((await putLogo(viewer.token, client.id, logoForm(image))).status).toBe(403);
    expect((await removeLogo(viewer.token, client.id)).status).toBe(403);
    expect((await putLogo(stranger.token, client.id, logoForm(image))).status).toBe(404);
    expect((await removeLogo(stranger.token, client.id)).status).toBe(404);
    const unknown = crypto.randomUUID();
    expect((await putLogo(owner.token, unknown, logoForm(image))).status).toBe(404);
    expect((await removeLogo(owner.token, unknown)).status).toBe(404);
    const read = await t.request("GET", `/clients/${client.id}`, { token: owner.token });
    expect(read.body).toMatchObject({ logoUrl: null, version: 1 });

    expect((await putLogo(member.token, client.id, logoForm(image))).status).toBe(200);
    expect((await removeLogo(member.token, client.id)).status).toBe(200);
  });

  it("refuses a deleted client with 409 CLIENT_DELETED, keeping its logo", async () => {
    const { owner, client } = await ownerWithClient();
    const { logoUrl } = (await putLogo(owner.token, client.id, logoForm(await pngImage()))).body;
    await t.request("DELETE", `/clients/${client.id}`, { token: owner.token });

    const put = await putLogo(owner.token, client.id, logoForm(await jpegImage()));
    expect(put.status).toBe(409);
    expect(put.body.error.code).toBe("CLIENT_DELETED");
    const removed = await removeLogo(owner.token, client.id);
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe("CLIENT_DELETED");

    const restored = await t.request("POST", `/clients/${client.id}/restore`, {
      token: owner.token,
    });
    expect(restored.body.logoUrl).toBe(logoUrl);
    expect((await fetchFile(logoUrl)).status).toBe(200);
  });
});

describe("a logo change", () => {
  it("goes out as client.updated", async () => {
    const { owner, client } = await ownerWithClient();
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      await putLogo(owner.token, client.id, logoForm(await pngImage()));
      await removeLogo(owner.token, client.id);
      for (let i = 0; i < 2; i++) {
        expect(await events.next()).toMatchObject({
          type: "client.updated",
          id: client.id,
          actor: owner.id,
        });
      }
    } finally {
      await events.close();
    }
  });

  it("keeps the other fields and the CSV columns as they were", async () => {
    const { owner, client } = await ownerWithClient("Beta");
    await putLogo(owner.token, client.id, logoForm(await pngImage()));

    const renamed = await t.request("PATCH", `/clients/${client.id}`, {
      token: owner.token,
      json: { version: 2, name: "Beta Two" },
    });
    expect(renamed.body).toMatchObject({ name: "Beta Two", version: 3 });
    expect(renamed.body.logoUrl).toMatch(logoUrlPattern);
    const csv = await t.request("GET", "/clients/export", { token: owner.token });
    expect(csv.text.split("\r\n")[0]).toBe(
      "name,kind,status,contactName,email,phone,website,address,tags,notes",
    );
  });
});

describe("deleting the organization", () => {
  it("deletes its clients' logo files", async () => {
    const { owner, client } = await ownerWithClient();
    const { logoUrl } = (await putLogo(owner.token, client.id, logoForm(await pngImage()))).body;
    const organization = await t.request("GET", `/organizations/${owner.organizationId}`, {
      token: owner.token,
    });

    const deleted = await t.request(
      "DELETE",
      `/organizations/${owner.organizationId}?confirmName=${encodeURIComponent(organization.body.name)}`,
      { token: owner.token },
    );

    expect(deleted.status).toBe(204);
    expect((await fetchFile(logoUrl)).status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("describes the logo as a multipart file and the client's logoUrl", async () => {
    const document = (await t.request("GET", "/openapi.json")).body;
    const put = document.paths["/api/v1/clients/{id}/logo"].put;
    const schema = put.requestBody.content["multipart/form-data"].schema;
    const body = schema.$ref ? document.components.schemas[schema.$ref.split("/").at(-1)] : schema;
    expect(body.properties.logo).toMatchObject({ type: "string", format: "binary" });
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "409", "413", "415", "422"]),
    );
    expect(document.paths["/api/v1/clients/{id}/logo"].delete).toBeDefined();
    expect(document.components.schemas.Client.properties.logoUrl).toBeDefined();
  });
});
