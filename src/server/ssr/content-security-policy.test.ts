import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes inline scripts and ignores external ones", () => {
    const html = `<script>window.a=1</script><script type="module" src="/assets/x.js"></script><script type="module">import "/x"</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/x"')]);
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
});
