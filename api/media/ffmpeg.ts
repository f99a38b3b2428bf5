import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTool } from "../ai/embedded/tools";

/**
 * What the library does to audio and video with ffmpeg and ffprobe (decision 20): join the parts
 * of long speech into one file of the format asked for, measure a file's length, draw an audio
 * waveform and take a video's poster frame. Every call works in a temporary folder of its own and
 * stops with `signal`.
 */

/** The audio formats the speech creator offers, with what ffmpeg writes each with. */
export const audioFormats = {
  mp3: { contentType: "audio/mpeg", args: ["-c:a", "libmp3lame", "-b:a", "128k", "-f", "mp3"] },
  wav: { contentType: "audio/wav", args: ["-c:a", "pcm_s16le", "-f", "wav"] },
  ogg: { contentType: "audio/ogg", args: ["-c:a", "libvorbis", "-q:a", "4", "-f", "ogg"] },
} as const;

export type AudioFormat = keyof typeof audioFormats;

const quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];

async function inFolder<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "qalam-media-"));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The parts of speech, in order, as one file of `format`, whatever format each part came in. */
export function joinAudio(
  parts: Uint8Array[],
  format: AudioFormat,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return inFolder(async (dir) => {
    const args = [...quiet];
    for (const [i, part] of parts.entries()) {
      const file = join(dir, `part-${i}`);
      await writeFile(file, part);
      args.push("-i", file);
    }
    const inputs = parts.map((_, i) => `[${i}:a]`).join("");
    const out = join(dir, `joined.${format}`);
    args.push("-filter_complex", `${inputs}concat=n=${parts.length}:v=0:a=1[a]`, "-map", "[a]");
    args.push(...audioFormats[format].args, out);
    await runTool("ffmpeg", args, { signal, cwd: dir, install: "ffmpeg" });
    return new Uint8Array(await readFile(out));
  });
}

/** A file's length in seconds, as ffprobe reads it; null when it cannot tell. */
export function durationSeconds(bytes: Uint8Array, signal?: AbortSignal): Promise<number | null> {
  return inFolder(async (dir) => {
    const file = join(dir, "media");
    await writeFile(file, bytes);
    const out = await runTool(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file],
      { signal, install: "ffmpeg" },
    );
    const seconds = Number.parseFloat(Buffer.from(out).toString().trim());
    return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : null;
  });
}

/** The audio's waveform as a PNG, 1024×256, for the library's list (showwavespic). */
export function waveformImage(audio: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  return inFolder(async (dir) => {
    const file = join(dir, "audio");
    await writeFile(file, audio);
    const out = join(dir, "waveform.png");
    await runTool(
      "ffmpeg",
      [
        ...quiet,
        "-i",
        file,
        "-filter_complex",
        "aformat=channel_layouts=mono,showwavespic=s=1024x256:colors=0x6366f1,format=rgba",
        "-frames:v",
        "1",
        out,
      ],
      { signal, cwd: dir, install: "ffmpeg" },
    );
    return new Uint8Array(await readFile(out));
  });
}

/**
 * A video's poster: the frame at `atSeconds` (a second in, past a fade from black), or the first
 * frame of a video shorter than that, as a PNG.
 */
export function posterFrame(
  video: Uint8Array,
  signal?: AbortSignal,
  atSeconds = 1,
): Promise<Uint8Array> {
  return inFolder(async (dir) => {
    const file = join(dir, "video");
    await writeFile(file, video);
    const grab = async (seconds: number) => {
      const out = join(dir, `poster-${seconds}.png`);
      await runTool(
        "ffmpeg",
        [...quiet, "-ss", String(seconds), "-i", file, "-frames:v", "1", "-update", "1", out],
        { signal, cwd: dir, install: "ffmpeg" },
      );
      return new Uint8Array(await readFile(out));
    };
    // Seeking past the end writes no frame; the first one does.
    return grab(atSeconds).catch(() => grab(0));
  });
}

/** A video with `audio` as its sound track in place of its own, as MP4 (the video is copied). */
export function muxNarration(
  video: Uint8Array,
  audio: Uint8Array,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return inFolder(async (dir) => {
    const videoFile = join(dir, "video");
    const audioFile = join(dir, "narration");
    await writeFile(videoFile, video);
    await writeFile(audioFile, audio);
    const out = join(dir, "narrated.mp4");
    await runTool(
      "ffmpeg",
      [
        ...quiet,
        "-i",
        videoFile,
        "-i",
        audioFile,
        "-map",
        "0:v",
        "-map",
        "1:a",
        "-c:v",
        "copy",
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        "-movflags",
        "+faststart",
        out,
      ],
      { signal, cwd: dir, install: "ffmpeg" },
    );
    return new Uint8Array(await readFile(out));
  });
}

/** Whether a video has a sound track of its own, as ffprobe reads it. */
export function hasAudioTrack(video: Uint8Array, signal?: AbortSignal): Promise<boolean> {
  return inFolder(async (dir) => {
    const file = join(dir, "video");
    await writeFile(file, video);
    const out = await runTool(
      "ffprobe",
      [
        "-v",
        "error",
        "-select_streams",
        "a",
        "-show_entries",
        "stream=index",
        "-of",
        "csv=p=0",
        file,
      ],
      { signal, install: "ffmpeg" },
    );
    return Buffer.from(out).toString().trim() !== "";
  });
}
