// Real video files for the tests, made with the FFmpeg the product ships
// (@ffmpeg-installer/ffmpeg): a test pattern with a tone, in the containers and
// codecs phones and cameras record.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ffmpegBinary } from "#server/integrations/video/ffmpeg.ts";

const run = promisify(execFile);

export const VIDEO_KINDS = {
  /** A QuickTime movie as a camera writes it: MPEG-4 part 2 video, PCM sound. */
  mov: { extension: "mov", codecs: ["-c:v", "mpeg4", "-c:a", "pcm_s16le", "-f", "mov"], declared: "video/quicktime" },
  /** An AVI with Motion JPEG video and PCM sound. */
  avi: { extension: "avi", codecs: ["-c:v", "mjpeg", "-c:a", "pcm_s16le", "-f", "avi"], declared: "video/x-msvideo" },
  /** An MPEG-2 program stream (.mpg). */
  mpg: { extension: "mpg", codecs: ["-c:v", "mpeg2video", "-c:a", "mp2", "-f", "mpeg"], declared: "video/mpeg" },
  /** What every browser plays already: H.264 (4:2:0) and AAC in an MP4. */
  mp4: { extension: "mp4", codecs: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mp4"], declared: "video/mp4" },
} as const;

export type VideoKind = keyof typeof VIDEO_KINDS;

/** A `seconds`-long 320×240 test pattern at 25 fps with a sine tone, in the given container and codecs. */
export async function generatedVideo(kind: VideoKind, options: { seconds?: number; size?: string } = {}): Promise<Buffer> {
  const { seconds = 2, size = "320x240" } = options;
  const dir = await mkdtemp(path.join(tmpdir(), "test-video-"));
  const file = path.join(dir, `clip.${VIDEO_KINDS[kind].extension}`);
  try {
    await run(await ffmpegBinary(), [
      "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=${size}:rate=25`,
      "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`,
      ...VIDEO_KINDS[kind].codecs,
      "-shortest",
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What `ffmpeg -i` says about these bytes (its description of the input, on stderr). */
export async function describeVideo(content: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "test-video-"));
  const file = path.join(dir, "probe");
  try {
    await writeFile(file, content);
    const result = await run(await ffmpegBinary(), ["-hide_banner", "-nostdin", "-i", file]).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    return result.stderr;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
