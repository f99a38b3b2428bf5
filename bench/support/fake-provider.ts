// The fake OpenAI-compatible provider of bench/ai/fake-server.ts, started in a process of its own
// (its timers share no event loop with what is measured), and steered through its input.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { adopt } from "./run";

export type FakeProvider = {
  baseUrl: string;
  apiKey: string;
  /** Streams stop after their first token until `release`. */
  hold: () => Promise<void>;
  release: () => Promise<void>;
  close: () => void;
};

/** The fake, answering `tokens` tokens `tokenDelayMs` apart. */
export async function startFakeProvider({
  tokens,
  tokenDelayMs,
}: {
  tokens: number;
  tokenDelayMs: number;
}): Promise<FakeProvider> {
  const child = adopt(
    spawn(process.execPath, ["--import", "tsx", "bench/ai/fake-server.ts"], {
      stdio: ["pipe", "pipe", "inherit"],
      detached: true,
      env: {
        ...process.env,
        BENCH_TOKENS: String(tokens),
        BENCH_TOKEN_DELAY_MS: String(tokenDelayMs),
      },
    }),
  );
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) =>
    waiting.shift()?.(line),
  );
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const command = async (line: string, answer: string) => {
    const said = nextLine();
    child.stdin?.write(`${line}\n`);
    if ((await said) !== answer) throw new Error(`The fake provider did not answer ${answer}`);
  };
  const { baseUrl, apiKey } = JSON.parse(await nextLine());
  return {
    baseUrl,
    apiKey,
    hold: () => command("hold", "held"),
    release: () => command("release", "released"),
    close: () => child.kill("SIGTERM"),
  };
}
