import { connect, createServer } from "node:net";
import { describe, expect, it } from "vitest";

describe("the tests' network guard", () => {
  it("refuses a connection to any address but loopback", () => {
    expect(() => connect({ host: "203.0.113.5", port: 80 })).toThrow(
      "Tests may only connect to loopback; this one tried 203.0.113.5",
    );
    expect(() => connect(443, "api.openai.com")).toThrow(/tried api\.openai\.com/);
  });

  it("refuses fetch to the internet", async () => {
    const error = await fetch("https://api.openai.com/v1/models").then(
      () => null,
      (caught: Error) => caught,
    );
    expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(
      /Tests may only connect to loopback/,
    );
  });

  it("lets loopback through", async () => {
    const server = createServer((socket) => socket.end("hi"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
      });
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
    });
    expect(text).toBe("hi");
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
