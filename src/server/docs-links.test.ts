// The repository explains itself (README.md: docs/product/ and
// docs/decisions/ are what comments cite), so what points into the docs must
// not rot silently: every relative link in docs/**/*.md reaches a file (and,
// with a #fragment, a heading of it), every docs/… path written in the docs
// or the README exists, and so does every docs/… path cited in src/. A
// decision may be cited by its number alone (docs/decisions/004).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(repo, file);
const docs = filesUnder(path.join(repo, "docs"), (name) => name.endsWith(".md"));
const sources = filesUnder(path.join(repo, "src"), (name) => /\.(ts|tsx|css)$/.test(name));

/** GitHub's heading anchors: lower case, punctuation dropped (letters of any script kept), spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/```[\s\S]*?```/g, "").split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of a Markdown file's links that point inside the repository (not a web address, not mail). */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** docs/… paths written in a text: not the tail of another path or address (…/en/docs/…). */
function docsPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*[\w/]/g)].map((match) => match[0]);
}

/** A docs path that names a file or folder of the repository, or a decision by its number. */
function docsPathExists(cited: string): boolean {
  if (existsSync(path.join(repo, cited))) return true;
  const decision = /^docs\/decisions\/(\d{3})\/?$/.exec(cited);
  return decision !== null && readdirSync(path.join(repo, "docs/decisions")).some((name) => name.startsWith(`${decision[1]}-`) && name.endsWith(".md"));
}

/** Why a link from `file` is broken, or null when it reaches its file and heading. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart = "", fragment] = target.split("#", 2);
  const resolved = pathPart === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  if (!resolved.startsWith(repo) || !existsSync(resolved)) return `${target}: no such file`;
  if (fragment === undefined || fragment === "") return null;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) return `${target}: a fragment on something that is not a Markdown file`;
  return headingAnchors(readFileSync(resolved, "utf8")).has(decodeURIComponent(fragment).toLowerCase()) ? null : `${target}: no heading with that anchor`;
}

describe("links into the docs do not rot", () => {
  it("reads the GitHub anchors and the links the checks below rely on", () => {
    expect([...headingAnchors("# Home (`/`)\n## Cases gallery (`/portfolio`)\n## A message, as sent\n## 備份與還原\n## Home (`/`)")]).toEqual([
      "home-",
      "cases-gallery-portfolio",
      "a-message-as-sent",
      "備份與還原",
      "home--1",
    ]);
    expect(relativeLinks('see [a](../decisions/024-x.md), [b](media.md#the-trash "t"), [c](https://example.com), [d](mailto:a@b.tw), `[e](code.md)`')).toEqual([
      "../decisions/024-x.md",
      "media.md#the-trash",
    ]);
    expect(docsPaths("docs/decisions/004) and `docs/product/` but not https://line.biz/en/docs/api.")).toEqual(["docs/decisions/004", "docs/product/"]);
  });

  it("every relative link in docs/**/*.md reaches an existing file, and its #fragment a heading there", () => {
    const broken = docs.flatMap((file) =>
      relativeLinks(readFileSync(file, "utf8")).flatMap((target) => {
        const problem = brokenLink(file, target);
        return problem ? [`${relative(file)} → ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
    // The product docs are linked from their index, so there is something to check.
    expect(relativeLinks(readFileSync(path.join(repo, "docs/product/README.md"), "utf8")).length).toBeGreaterThan(10);
  });

  it("every docs/… path written in the docs and the README exists", () => {
    const missing = [...docs, path.join(repo, "README.md")].flatMap((file) =>
      docsPaths(readFileSync(file, "utf8"))
        .filter((cited) => !docsPathExists(cited))
        .map((cited) => `${relative(file)} → ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it("every docs/… path cited in src/ exists", () => {
    const cited = sources.flatMap((file) => docsPaths(readFileSync(file, "utf8")).map((target) => ({ file, target })));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ target }) => !docsPathExists(target)).map(({ file, target }) => `${relative(file)} → ${target}`)).toEqual([]);
  });
});
