// The fake OpenAI-compatible server of the tests in a process of its own, so that its timers do
// not share an event loop with the clients the benchmark measures. Prints its address.
//
// Lines on its input steer it, each answered by a line once done: `hold` makes every stream
// stop after its first token (`held`), `release` lets them go on (`released`). A benchmark holds
// many answers open at once that way to measure what each open one costs.
import { createInterface } from "node:readline";
import { startFakeAiServer } from "../../tests/support/fake-ai-server";

const fake = await startFakeAiServer();
fake.reply = Array.from(
  { length: Number(process.env.BENCH_TOKENS ?? 200) },
  (_, i) => `w${i}`,
).join(" ");
fake.tokenDelayMs = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 2);
// Requests are kept by the fake for the tests' assertions; a benchmark makes thousands.
setInterval(() => {
  fake.requests.length = 0;
}, 1000).unref();

let release = () => {};
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "hold") {
    fake.hold = new Promise((resolve) => {
      release = resolve;
    });
    process.stdout.write("held\n");
  } else if (line === "release") {
    fake.hold = null;
    release();
    process.stdout.write("released\n");
  }
});

process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl, apiKey: fake.apiKey })}\n`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
