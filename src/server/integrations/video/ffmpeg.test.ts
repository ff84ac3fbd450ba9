import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedVideo } from "#tests/factories/video.factory.ts";
import { fitsFullHd, parseProbe, playsEverywhere, probeVideo, progressSeconds, transcodeToMp4 } from "./ffmpeg.ts";

// What FFmpeg 4.1 (the shipped binary) prints for `ffmpeg -i`, trimmed.
const IPHONE_MOV = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input':
  Metadata:
    major_brand     : qt
  Duration: 00:01:02.50, start: 0.000000, bitrate: 12048 kb/s
    Stream #0:0(und): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 3840x2160, 11800 kb/s, 29.97 fps, 29.97 tbr, 600 tbn, 600 tbc (default)
    Metadata:
      rotate          : 90
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 160 kb/s (default)
At least one output file must be specified`;
const CAMERA_AVI = `Input #0, avi, from 'input':
  Duration: 00:00:02.00, start: 0.000000, bitrate: 1831 kb/s
    Stream #0:0: Video: mjpeg (Baseline) (MJPG / 0x47504A4D), yuvj444p(pc, bt470bg/unknown/unknown), 320x240 [SAR 1:1 DAR 4:3], 1094 kb/s, 25 fps, 25 tbr, 25 tbn, 25 tbc
    Stream #0:1: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 44100 Hz, mono, s16, 705 kb/s
At least one output file must be specified`;
const WEB_MP4 = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input':
  Duration: 00:00:02.02, start: 0.000000, bitrate: 129 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 45 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)
At least one output file must be specified`;

describe("reading ffmpeg -i", () => {
  it("finds the container, duration, picture and sound", () => {
    expect(parseProbe(IPHONE_MOV)).toEqual({
      container: "mov,mp4,m4a,3gp,3g2,mj2",
      durationSeconds: 62.5,
      video: { codec: "hevc", pixelFormat: "yuv420p", width: 3840, height: 2160 },
      audio: { codec: "aac" },
    });
    expect(parseProbe(CAMERA_AVI)?.video).toEqual({ codec: "mjpeg", pixelFormat: "yuvj444p", width: 320, height: 240 });
    expect(parseProbe(WEB_MP4)?.audio).toBeNull();
  });

  it("finds nothing in a file it could not open, or one without a picture", () => {
    expect(parseProbe("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found\ninput: Invalid data found when processing input")).toBeUndefined();
    expect(parseProbe("Input #0, avi, from 'input':\n  Duration: N/A, bitrate: N/A\nAt least one output file must be specified")).toBeUndefined();
  });
});

describe("what plays everywhere as it is", () => {
  it("an H.264 4:2:0 MP4 of at most 1080p, with AAC or no sound; not a QuickTime movie, HEVC or 4K", () => {
    expect(playsEverywhere(parseProbe(WEB_MP4)!, "video/mp4")).toBe(true);
    expect(playsEverywhere(parseProbe(WEB_MP4)!, "video/quicktime")).toBe(false);
    expect(playsEverywhere(parseProbe(IPHONE_MOV)!, "video/mp4")).toBe(false);
    expect(playsEverywhere(parseProbe(CAMERA_AVI)!, "video/x-msvideo")).toBe(false);
    expect([fitsFullHd(1080, 1920), fitsFullHd(1920, 1080), fitsFullHd(1440, 1440), fitsFullHd(3840, 2160)]).toEqual([true, true, false, false]);
  });
});

describe("-progress pipe:1", () => {
  it("reads how far the transcode is from out_time", () => {
    expect(progressSeconds("out_time=00:01:02.500000")).toBe(62.5);
    expect(progressSeconds("out_time_ms=62500000")).toBeUndefined();
    expect(progressSeconds("progress=continue")).toBeUndefined();
  });
});

describe("stopping FFmpeg (a video job handed back at shutdown)", () => {
  it("kills a transcode under way when its signal is aborted, and refuses to start one already stopped", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "ffmpeg-stop-"));
    try {
      const input = path.join(work, "clip.avi");
      // Long enough that the transcode is far from done at its first progress report.
      await writeFile(input, await generatedVideo("avi", { seconds: 30 }));
      const stop = new AbortController();
      const progress: number[] = [];
      const transcode = transcodeToMp4(input, path.join(work, "web.mp4"), {
        durationSeconds: 30,
        signal: stop.signal,
        onProgress: (percent) => {
          progress.push(percent);
          stop.abort();
        },
      });
      await expect(transcode).rejects.toMatchObject({ name: "AbortError" });
      expect(progress.length).toBeGreaterThan(0);
      expect(Math.max(...progress)).toBeLessThan(99);

      await expect(probeVideo(input, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 30_000);
});
