// FFmpeg, as the product runs it (decision 029): the binary shipped inside the
// `@ffmpeg-installer/ffmpeg` npm tarball (its linux-x64 package carries FFmpeg
// 4.1; nothing is downloaded at install time, nothing is needed on the host).
// Every run is an argument array (no shell: a file name never becomes a
// command), reads nothing from stdin, runs at the lowest CPU priority (pages
// and uploads come first on two cores) and is killed at its time limit, or
// when its caller's signal says to stop (the job handed back at shutdown).
// Only local paths go in and out: the caller copies from and to the storage.
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { setPriority } from "node:os";

/** What `ffmpeg -i` says about a file. */
export interface VideoProbe {
  /** FFmpeg's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "avi", "mpeg". */
  container: string;
  durationSeconds: number | null;
  video: { codec: string; pixelFormat: string; width: number; height: number };
  /** null: the file has no sound. */
  audio: { codec: string } | null;
}

/** The file is not a video FFmpeg can read (corrupt, cut off, no picture): trying again will not help. */
export class UnreadableVideoError extends Error {}
/** FFmpeg ran past its time limit and was stopped. */
export class VideoTimeLimitError extends Error {}

/** The largest picture the transcoded MP4 keeps: 1080p, whichever way the phone was held. */
export const MAX_LONG_SIDE = 1920;
export const MAX_SHORT_SIDE = 1080;

export const PROBE_TIME_LIMIT_MS = 30_000;
export const POSTER_TIME_LIMIT_MS = 60_000;
/** A 100 MB 4K phone clip takes a few minutes on two cores at the lowest priority. */
export const TRANSCODE_TIME_LIMIT_MS = 20 * 60_000;

let binary: Promise<string> | undefined;

/** The shipped binary's path, resolved on first use (the package throws on an unsupported platform). */
export function ffmpegBinary(): Promise<string> {
  binary ??= import("@ffmpeg-installer/ffmpeg").then((module) => (module.default ?? module).path);
  return binary;
}

interface RunResult {
  code: number | null;
  /** The end of FFmpeg's log, for the server log (never shown to staff). */
  log: string;
}

const LOG_KEEP = 8_000;

/** Stops FFmpeg when aborted: it is killed and the call rejects with an AbortError. */
export interface Stoppable {
  signal?: AbortSignal;
}

/** Runs FFmpeg with these arguments; rejects only when it could not be started, ran past `timeLimitMs` or was stopped by `signal`. */
async function runFfmpeg(args: readonly string[], timeLimitMs: number, options: Stoppable & { onStdoutLine?: (line: string) => void } = {}): Promise<RunResult> {
  const { signal, onStdoutLine } = options;
  const path = await ffmpegBinary();
  return new Promise((resolve, reject) => {
    const child = spawn(path, ["-hide_banner", "-nostdin", ...args], { stdio: ["ignore", "pipe", "pipe"], signal, killSignal: "SIGKILL" });
    // The lowest priority: a transcode must not slow the pages down. A host that refuses it still transcodes.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: run at normal priority.
      }
    }
    let log = "";
    let timedOut = false;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      log = (log + chunk).slice(-LOG_KEEP);
    });
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (!onStdoutLine) return;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onStdoutLine(line.trim());
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeLimitMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new VideoTimeLimitError(`ffmpeg ran past ${Math.round(timeLimitMs / 1000)} s and was stopped`));
      else resolve({ code, log });
    });
  });
}

const secondsOf = (hours: string, minutes: string, seconds: string) => Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);

/** Reads `ffmpeg -i`'s description of its input (FFmpeg then stops: no output was named). */
export function parseProbe(log: string): VideoProbe | undefined {
  const input = /^Input #0, (.+?), from /m.exec(log);
  if (!input) return undefined;
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  const videoLine = /^\s*Stream #0:\d+.*?: Video: (.+)$/m.exec(log);
  if (!videoLine) return undefined;
  // "h264 (High) (avc1 / 0x…), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], …": the descriptions in brackets out, then the list.
  const parts = videoLine[1]!.replace(/\([^()]*\)/g, "").split(",").map((part) => part.trim());
  const size = /(\d{2,5})x(\d{2,5})/.exec(videoLine[1]!);
  if (!size) return undefined;
  const audioLine = /^\s*Stream #0:\d+.*?: Audio: (\w+)/m.exec(log);
  return {
    container: input[1]!,
    durationSeconds: duration ? secondsOf(duration[1]!, duration[2]!, duration[3]!) : null,
    video: { codec: parts[0]!.split(/\s+/)[0]!, pixelFormat: parts[1] ?? "", width: Number(size[1]), height: Number(size[2]) },
    audio: audioLine ? { codec: audioLine[1]! } : null,
  };
}

/** What FFmpeg can read of a file; UnreadableVideoError when it finds no picture in it. */
export async function probeVideo(input: string, options: Stoppable = {}): Promise<VideoProbe> {
  const { log } = await runFfmpeg(["-i", input], PROBE_TIME_LIMIT_MS, options);
  const probe = parseProbe(log);
  if (!probe) throw new UnreadableVideoError(`ffmpeg could not read the file: ${log.slice(-400)}`);
  return probe;
}

/** Fits 1080p, whichever side is the long one. */
export const fitsFullHd = (width: number, height: number) => Math.max(width, height) <= MAX_LONG_SIDE && Math.min(width, height) <= MAX_SHORT_SIDE;

/**
 * Whether every browser plays the file as it is: an MP4 (not a QuickTime movie,
 * which some browsers refuse whatever it holds) of 8-bit 4:2:0 H.264 with AAC
 * sound or none, at most 1080p.
 */
export function playsEverywhere(probe: VideoProbe, mime: string): boolean {
  return (
    mime === "video/mp4" &&
    probe.container.split(",").includes("mp4") &&
    probe.video.codec === "h264" &&
    (probe.video.pixelFormat === "yuv420p" || probe.video.pixelFormat === "yuvj420p") &&
    (probe.audio === null || probe.audio.codec === "aac") &&
    fitsFullHd(probe.video.width, probe.video.height)
  );
}

// Scales down (never up) into 1920×1080 or 1080×1920, to even sizes (H.264 4:2:0 needs them). The
// expressions run after FFmpeg has turned a phone's rotated picture upright, so they use what is shown.
const FACTOR = `min(1\\,min(${MAX_LONG_SIDE}/max(iw\\,ih)\\,${MAX_SHORT_SIDE}/min(iw\\,ih)))`;
export const SCALE_FILTER = `scale=w='trunc(iw*${FACTOR}/2)*2':h='trunc(ih*${FACTOR}/2)*2'`;

/** The progress FFmpeg writes with `-progress pipe:1`: how far into the video it is, in seconds. */
export function progressSeconds(line: string): number | undefined {
  const match = /^out_time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(line);
  return match ? secondsOf(match[1]!, match[2]!, match[3]!) : undefined;
}

/**
 * Turns `input` into an H.264 / AAC MP4 at `output` that starts playing before
 * it is all downloaded (`+faststart`), at most 1080p; `onProgress` gets 0–100
 * when the duration is known.
 */
export async function transcodeToMp4(input: string, output: string, options: Stoppable & { durationSeconds: number | null; onProgress?: (percent: number) => void }): Promise<void> {
  const { durationSeconds, onProgress, signal } = options;
  const args = [
    "-y",
    "-i", input,
    "-map", "0:v:0",
    "-map", "0:a:0?",
    "-vf", SCALE_FILTER,
    "-c:v", "libx264",
    "-preset", "veryfast",
    "-crf", "23",
    "-profile:v", "high",
    "-pix_fmt", "yuv420p",
    "-c:a", "aac",
    "-b:a", "128k",
    "-ac", "2",
    "-movflags", "+faststart",
    "-progress", "pipe:1",
    "-nostats",
    "-loglevel", "error",
    output,
  ];
  const { code, log } = await runFfmpeg(args, TRANSCODE_TIME_LIMIT_MS, {
    signal,
    onStdoutLine: (line) => {
      const seconds = progressSeconds(line);
      if (seconds === undefined || !durationSeconds || !onProgress) return;
      onProgress(Math.max(0, Math.min(99, Math.floor((seconds / durationSeconds) * 100))));
    },
  });
  if (code !== 0) throw new UnreadableVideoError(`ffmpeg could not transcode the file (exit ${code}): ${log.slice(-400)}`);
}

/** A WebP picture of the frame about a second in (halfway into a shorter video), at most 1080p, at `output`. */
export async function posterFrame(input: string, output: string, durationSeconds: number | null, options: Stoppable = {}): Promise<void> {
  const take = async (at: number) => {
    const args = ["-y", "-ss", at.toFixed(3), "-i", input, "-frames:v", "1", "-vf", SCALE_FILTER, "-c:v", "libwebp", "-q:v", "80", "-f", "webp", "-loglevel", "error", output];
    const { code, log } = await runFfmpeg(args, POSTER_TIME_LIMIT_MS, options);
    if (code !== 0) throw new UnreadableVideoError(`ffmpeg could not take a poster frame (exit ${code}): ${log.slice(-400)}`);
    return ((await stat(output).catch(() => null))?.size ?? 0) > 0;
  };
  const at = durationSeconds === null ? 0 : Math.min(1, durationSeconds / 2);
  // A duration the container misstates can put the moment past the last frame: then the first frame.
  if (!(await take(at)) && !(at > 0 && (await take(0)))) throw new UnreadableVideoError("ffmpeg found no frame for the poster");
}
