// A GET that keeps the body exactly as sent (fetch would decompress it), so
// compressed sizes and content-encoding can be measured.
import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, still compressed when content-encoding says so. */
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout: GET ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

export function header(res: RawResponse, name: string): string {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** Script srcs, modulepreload hrefs and stylesheet hrefs under /assets/ in an HTML page. */
export function assetLinks(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
    const value = (name: string) => {
      const m = attr(name);
      return m ? (m[2] ?? m[3] ?? m[4] ?? "") : undefined;
    };
    if (/^<script/i.test(tag)) {
      const src = value("src");
      if (src?.startsWith("/assets/")) scripts.add(src);
      continue;
    }
    const rel = (value("rel") ?? "").toLowerCase().split(/\s+/);
    const href = value("href");
    if (!href?.startsWith("/assets/")) continue;
    if (rel.includes("modulepreload")) scripts.add(href);
    else if (rel.includes("stylesheet")) styles.add(href);
  }
  // The inline bootstrap imports the manifest, entry and routes by path; count any no tag named.
  for (const match of html.matchAll(/(?:\bimport\s*\(?|\bfrom)\s*["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(match[1]!);
  return { scripts: [...scripts], styles: [...styles] };
}
