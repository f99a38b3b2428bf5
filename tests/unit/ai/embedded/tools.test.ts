import { describe, expect, it } from "vitest";
import { embeddedToolsReport, toolPathsFromEnv } from "../../../../api/ai/embedded/tools";

describe("the embedded tools", () => {
  it("are looked up in PATH unless the environment names where they are", () => {
    expect(toolPathsFromEnv({})).toEqual({
      espeakNg: "espeak-ng",
      ffmpeg: "ffmpeg",
      ffprobe: "ffprobe",
    });
    expect(
      toolPathsFromEnv({ ESPEAK_NG_PATH: " /opt/espeak/bin/espeak-ng ", FFMPEG_PATH: "" }),
    ).toMatchObject({ espeakNg: "/opt/espeak/bin/espeak-ng", ffmpeg: "ffmpeg" });
  });

  it("are reported at start: each available, or missing with what it turns off", () => {
    expect(embeddedToolsReport({ espeakNg: true, ffmpeg: true })).toEqual([
      "  espeak-ng: available",
      "  ffmpeg: available",
    ]);
    const [espeak, ffmpeg] = embeddedToolsReport({ espeakNg: false, ffmpeg: false });
    expect(espeak).toMatch(/espeak-ng: missing \(apt-get install espeak-ng\): no offline voice/);
    expect(espeak).toContain("videos are silent");
    expect(ffmpeg).toMatch(/ffmpeg: missing .*no slideshow video/);
  });
});
