import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, usesGoogleTag } from "./content-security-policy.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the inline scripts this render marked and ignores external ones", () => {
    const html = `<script nonce="m1">window.a=1</script><script type="module" nonce="m1" src="/assets/x.js"></script><script type="module" nonce="m1">import "/x"</script>`;
    expect(inlineScriptHashes(html, "m1")).toEqual([sha("window.a=1"), sha('import "/x"')]);
  });

  it("leaves out an inline script that is not ours: unmarked, or marked by a guess", () => {
    const html = `<script nonce="m1">ours()</script><p><script>alert(1)</script><script nonce="m0">alert(2)</script><script data-nonce="m1">alert(3)</script></p>`;
    expect(inlineScriptHashes(html, "m1")).toEqual([sha("ours()")]);
  });

  it("allows nothing when the render made no mark", () => {
    expect(inlineScriptHashes(`<script>window.a=1</script>`, undefined)).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only our own scripts plus the hashed inline ones, never unsafe-inline scripts", () => {
    const policy = contentSecurityPolicy(["'sha256-abc'"]);
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it("lets Google's tag in (its script and its beacons) only when the page carries it", () => {
    const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));
    const plain = contentSecurityPolicy(["'sha256-abc'"]);
    expect(plain).not.toMatch(/googletagmanager|google-analytics|analytics.google/);
    const withTag = contentSecurityPolicy(["'sha256-abc'"], { googleTag: true });
    expect(directive(withTag, "script-src")).toBe("script-src 'self' 'sha256-abc' https://www.googletagmanager.com");
    expect(directive(withTag, "connect-src")).toBe("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com");
    expect(directive(withTag, "default-src")).toBe("default-src 'self'");
  });

  it("allows the CDN of stored files for pictures and media, and nothing else of it", () => {
    const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));
    const policy = contentSecurityPolicy([], { filesOrigin: "http://cdn.test:8080" });
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https: http://cdn.test:8080");
    expect(directive(policy, "media-src")).toBe("media-src 'self' blob: https: http://cdn.test:8080");
    expect(directive(policy, "script-src")).not.toContain("cdn.test");
    expect(directive(contentSecurityPolicy([]), "img-src")).toBe("img-src 'self' data: blob: https:");
  });
});

describe("usesGoogleTag", () => {
  it("is true only for this render's own marked loader", () => {
    expect(usesGoogleTag(`<script nonce="m1" data-google-tag="">gtag()</script>`, "m1")).toBe(true);
    expect(usesGoogleTag(`<script nonce="m0" data-google-tag="">gtag()</script>`, "m1")).toBe(false);
    expect(usesGoogleTag(`<script data-google-tag="">gtag()</script><script nonce="m1">ours()</script>`, "m1")).toBe(false);
    expect(usesGoogleTag(`<script nonce="m1" data-google-tag="">gtag()</script>`, undefined)).toBe(false);
  });
});
