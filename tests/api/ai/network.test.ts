import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyAiError } from "../../../api/ai/errors";
import {
  addressRange,
  addressRule,
  createPublicOnlyFetch,
  isPublicAddress,
  PrivateAddressError,
} from "../../../api/ai/network";
import { createAiRegistry } from "../../../api/ai/registry";

describe("address classes", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.9", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["100.100.100.200", "carrierGradeNat"],
    ["fd00:ec2::254", "uniqueLocal"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["192.0.2.1", "reserved"],
  ])("%s is %s, not public", (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "2001:4860:4860::8888", "1.1.1.1"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("the public-only fetch", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/to-metadata") {
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return response.end();
      }
      if (request.url === "/to-private-name") {
        response.writeHead(307, { location: `http://internal.test:${port}/secret` });
        return response.end();
      }
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(`reached ${request.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The test server stands for a public host: only 127.0.0.1 is let through, by name. */
  const fetchVia = (names: Record<string, string[]>) =>
    createPublicOnlyFetch({
      resolve: async (hostname) => names[hostname] ?? [],
      allowAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
    });

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PrivateAddressError);
    return error as PrivateAddressError;
  }

  it("refuses every private class by address, before connecting", async () => {
    const strict = createPublicOnlyFetch();
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.100.100.200/",
      "http://[fd00:ec2::254]/",
      "http://0.0.0.0/",
    ]) {
      const error = await refusal(strict(url));
      expect(error.code).toBe("AI_PRIVATE_ADDRESS");
    }
  });

  it("refuses a name that resolves to a private address, after DNS", async () => {
    const strict = createPublicOnlyFetch();
    const error = await refusal(strict(`http://localhost:${port}/`));
    expect(error.range).toBe("loopback");
    const named = fetchVia({ "intranet.test": ["8.8.8.8", "10.0.0.7"] });
    // One private address among the answers is enough to refuse: DNS could pick it next time.
    expect((await refusal(named("http://intranet.test/"))).address).toBe("10.0.0.7");
  });

  it("reaches an allowed host by name, asking for it by that name", async () => {
    const response = await fetchVia({ "api.provider.test": ["127.0.0.1"] })(
      `http://api.provider.test:${port}/hello`,
    );
    expect(await response.text()).toBe(`reached api.provider.test:${port}`);
  });

  it("checks every redirect: a public host that redirects into the private network is refused", async () => {
    const via = fetchVia({ "api.provider.test": ["127.0.0.1"], "internal.test": ["10.1.1.1"] });
    const metadata = await refusal(via(`http://api.provider.test:${port}/to-metadata`));
    expect(metadata.address).toBe("169.254.169.254");
    const privateName = await refusal(via(`http://api.provider.test:${port}/to-private-name`));
    expect(privateName.address).toBe("10.1.1.1");
  });

  it("AI_ALLOW_PRIVATE_NETWORK=1 reaches loopback but never link-local or metadata, redirects included", async () => {
    const nearby = createPublicOnlyFetch({
      allowAddress: addressRule({ allowPrivateNetwork: true }),
    });
    expect(await (await nearby(`http://127.0.0.1:${port}/`)).text()).toBe(
      `reached 127.0.0.1:${port}`,
    );
    const metadata = await refusal(nearby("http://169.254.169.254/latest/meta-data/"));
    expect(metadata.range).toBe("linkLocal");
    expect((await refusal(nearby("http://[fd00:ec2::254]/"))).range).toBe("cloudMetadata");
    expect((await refusal(nearby("http://100.100.100.200/"))).range).toBe("cloudMetadata");
    const redirected = await refusal(nearby(`http://127.0.0.1:${port}/to-metadata`));
    expect(redirected.address).toBe("169.254.169.254");
  });

  it("AI_ALLOWED_NETWORKS reaches the networks it names and no other", async () => {
    const named = createPublicOnlyFetch({
      allowAddress: addressRule({ allowedNetworks: ["127.0.0.1/32", "169.254.0.0/16"] }),
    });
    expect((await named(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect((await refusal(named(`http://127.0.0.2:${port}/`))).range).toBe("loopback");
    expect((await refusal(named("http://10.0.0.1/"))).range).toBe("private");
    expect((await refusal(named("http://169.254.169.254/"))).range).toBe("linkLocal");
  });

  it("an organization's model at the metadata address fails as AI_PRIVATE_ADDRESS though private networks are allowed", async () => {
    const { model } = createAiRegistry({ environment: {}, allowPrivateNetwork: true }).modelFor(
      "chat",
      {
        chat: {
          provider: "openai-compatible",
          baseUrl: "http://169.254.169.254/latest",
          apiKey: "sk-organization",
          model: "any",
        },
      },
    );
    const error = await generateText({ model, prompt: "Hello", maxRetries: 0 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(classifyAiError(error).code).toBe("AI_PRIVATE_ADDRESS");
  });
});
