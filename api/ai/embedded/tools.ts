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

/** Where the programs of the embedded models are: a name found in PATH, or a full path. */
export type ToolPaths = { espeakNg: string; ffmpeg: string; ffprobe: string };

export const defaultToolPaths: ToolPaths = {
  espeakNg: "espeak-ng",
  ffmpeg: "ffmpeg",
  ffprobe: "ffprobe",
};

/**
 * The programs' paths from the environment (ESPEAK_NG_PATH, FFMPEG_PATH, FFPROBE_PATH), for a
 * machine that keeps them outside PATH; unset: their names, looked up in PATH.
 */
export function toolPathsFromEnv(env: Record<string, string | undefined>): ToolPaths {
  return {
    espeakNg: env.ESPEAK_NG_PATH?.trim() || defaultToolPaths.espeakNg,
    ffmpeg: env.FFMPEG_PATH?.trim() || defaultToolPaths.ffmpeg,
    ffprobe: env.FFPROBE_PATH?.trim() || defaultToolPaths.ffprobe,
  };
}

/** Which of the embedded models' programs run on this machine. */
export type EmbeddedTools = { espeakNg: boolean; ffmpeg: boolean };

/** The embedded tools by the names their packages have, as the API and the start-up log say them. */
export const embeddedToolNames = { espeakNg: "espeak-ng", ffmpeg: "ffmpeg" } as const;

/** What each missing program turns off, for the start-up log. */
const withoutTool: Record<keyof EmbeddedTools, string> = {
  espeakNg:
    "no offline voice: without a speech provider there is no audio creator, and videos are silent",
  ffmpeg:
    "no slideshow video, and no joining, converting or narrating of audio and video; " +
    "install ffmpeg (it brings ffprobe)",
};

/**
 * The lines `npm start` prints once about the embedded tools: which are available, and what
 * each missing one turns off.
 */
export function embeddedToolsReport(tools: EmbeddedTools): string[] {
  return (Object.keys(embeddedToolNames) as (keyof EmbeddedTools)[]).map((tool) =>
    tools[tool]
      ? `  ${embeddedToolNames[tool]}: available`
      : `  ${embeddedToolNames[tool]}: missing (apt-get install ${embeddedToolNames[tool]}): ${withoutTool[tool]}`,
  );
}
