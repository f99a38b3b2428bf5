import { spawn } from "node:child_process";
import { AiError } from "../errors";

/**
 * Runs a program of the machine's (espeak-ng, ffmpeg) with `input` on standard input; resolves
 * with what it wrote to standard output. A missing program is `AI_TOOL_MISSING` with the package
 * to install, a failure `AI_BAD_RESPONSE` with the end of what it wrote to standard error.
 */
export function runTool(
  binary: string,
  args: string[],
  options: { input?: string | Uint8Array; signal?: AbortSignal; cwd?: string; install: string },
) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ["pipe", "pipe", "pipe"],
      signal: options.signal,
      cwd: options.cwd,
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      // The end says what went wrong; the rest is progress.
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new AiError({
            code: "AI_TOOL_MISSING",
            detail: `${binary} is not installed on the server (apt-get install ${options.install})`,
          }),
        );
      } else reject(error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else if (!options.signal?.aborted) {
        reject(
          new AiError({
            code: "AI_BAD_RESPONSE",
            detail: `${binary} failed: ${err.trim().slice(-300)}`,
          }),
        );
      }
    });
    child.stdin.on("error", () => {
      // The tool ended before reading everything: its exit code says why.
    });
    child.stdin.end(options.input ?? "");
  });
}

const available = new Map<string, Promise<boolean>>();

/**
 * Whether a program runs here, to offer its model or not: asked once per process, not at every
 * start of an API (tests start hundreds).
 */
export function toolAvailable(binary: string, versionFlag = "--version"): Promise<boolean> {
  const key = `${binary} ${versionFlag}`;
  let answer = available.get(key);
  if (!answer) {
    answer = new Promise((resolve) => {
      const child = spawn(binary, [versionFlag], { stdio: "ignore" });
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
    });
    available.set(key, answer);
  }
  return answer;
}
