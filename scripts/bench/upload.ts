// The upload budget of issue 4: a 12-megapixel phone JPEG uploaded to the media
// library and processed (EXIF stripped, orientation applied, WebP and AVIF
// variants) within 3 s, and several at once queued per core rather than
// decoded all together. Measured against the running production server.
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { rssBytes, type RunningServer } from "./server.ts";

export const PHONE_WIDTH = 4000;
export const PHONE_HEIGHT = 3000;

/**
 * A photo as a phone stores it: 4000×3000 pixels of smooth sky and ground
 * gradients, a building with windows (edges), foliage-like texture and sensor
 * grain, JPEG quality 92, EXIF orientation 6 (held upright, so shown 3000×4000),
 * camera make and model and a GPS position. Not noise: noise would make the
 * encoders' work, and the file size, unlike a real photograph's.
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = PHONE_WIDTH;
  const height = PHONE_HEIGHT;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x2f6e2b1;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const grain = ((seed >>> 24) & 15) - 8;
      const horizon = 0.52 + 0.06 * Math.sin(u * 5.3) + 0.025 * Math.sin(u * 17.1 + 1.3);
      let r: number;
      let g: number;
      let b: number;
      if (u > 0.58 && u < 0.82 && v > 0.22 && v < horizon + 0.02) {
        // A building: a lit wall with a grid of darker windows.
        const window = (x % 120 > 30 && x % 120 < 95 && y % 140 > 35 && y % 140 < 115) ? 1 : 0;
        const light = 205 - 50 * u + 15 * Math.sin(y / 90);
        r = window ? 70 + 25 * v : light;
        g = window ? 90 + 20 * v : light - 8;
        b = window ? 120 : light - 20;
      } else if (v < horizon) {
        // Sky: deep blue overhead to pale near the horizon, with soft clouds.
        const cloud = Math.max(0, Math.sin(u * 9 + v * 4) * Math.sin(u * 3.7 - v * 6.1) - 0.35) * 120;
        r = 70 + 140 * (v / horizon) + cloud;
        g = 125 + 100 * (v / horizon) + cloud;
        b = 215 + 30 * (v / horizon) + cloud * 0.3;
      } else {
        // Ground: greens and browns with foliage-like texture.
        const depth = (v - horizon) / (1 - horizon);
        const leaves = 22 * Math.sin(x * 0.21 + Math.sin(y * 0.05) * 3) * Math.sin(y * 0.17 + Math.cos(x * 0.031) * 2);
        r = 70 + 60 * depth + 0.6 * leaves + 20 * Math.sin(u * 11);
        g = 115 - 30 * depth + leaves;
        b = 45 + 20 * depth + 0.3 * leaves;
      }
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "BenchPhone", Model: "12MP", DateTime: "2026:01:15 10:30:00" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 7/1 5130/100", GPSLongitudeRef: "E", GPSLongitude: "121/1 44/1 2270/100" },
    })
    .toBuffer();
}

export async function signIn(server: RunningServer, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/admin-login.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { success?: boolean; data?: { token?: string }; message?: string };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in answered ${res.status}: ${body.message ?? ""}`);
  return body.data.token;
}

export interface UploadResult {
  ms: number;
  status: number;
  width?: number;
  height?: number;
  variants?: number;
  /** The phone-sized variant's address (what a page's srcset sends a phone). */
  phoneVariantPath?: string;
  message?: string;
}

export async function uploadPhoto(server: RunningServer, token: string, photo: Buffer, name: string): Promise<UploadResult> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), name);
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/admin-api.php/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: { width?: number; height?: number; variants?: { url: string; width: number; format: string }[] }; message?: string };
  const ms = performance.now() - started;
  const phoneSized = [...(body.data?.variants ?? [])].sort((a, b) => a.width - b.width).find((variant) => variant.format === "webp" && variant.width >= 640);
  return { ms, status: res.status, width: body.data?.width, height: body.data?.height, variants: body.data?.variants?.length, phoneVariantPath: phoneSized?.url, message: body.message };
}

/**
 * Starts a fresh peak-RSS window for a process (Linux: writing 5 to
 * clear_refs resets VmHWM to the current RSS). False when not possible.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Samples VmRSS every few milliseconds until stopped; the highest value seen (fallback for VmHWM). */
export function sampleRss(pid: number, everyMs = 20): () => number {
  let peak = rssBytes(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid) ?? 0);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssBytes(pid) ?? 0);
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

