// A kept version of a page, read-only, in 版本紀錄 before it is restored
// (decision 032): a built or rich-text page as the editor's preview shows it
// (a sandboxed frame, no script runs); a JSON page (首頁核心服務, 服務項目頁面)
// as the words it holds, since its layout is the public site's components;
// and its SEO fields.
import { useMemo } from "react";
import { builderTreeOf } from "#contract/page-builder/content.ts";
import { renderTree } from "#contract/page-builder/render.ts";
import type { PageRevision } from "#contract/pages.ts";
import { isJsonPage } from "./page-content.ts";
import { opensInBuilder } from "./page-mode.ts";
import { previewDocument, themeTokens } from "./page-preview.ts";

/** Keys of a JSON page that hold no words a person wrote (icons, colours, addresses, ids). */
const NOT_WORDS = new Set(["key", "id", "icon", "iconBg", "iconColor", "image", "link", "buttonLink", "order", "price_unit"]);

/** The words a JSON page's version holds, in their order (headings, services, contact lines). */
export function wordsOfJsonContent(content: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  const words: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (NOT_WORDS.has(key)) return;
    if (typeof value === "string") {
      if (value.trim()) words.push(value.trim());
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value !== null && typeof value === "object") for (const [name, item] of Object.entries(value)) walk(item, name);
  };
  walk(parsed, "");
  return words;
}

export function PageVersionPreview({ revision }: { revision: PageRevision }) {
  const json = isJsonPage(revision.page_key);
  const document = useMemo(() => {
    if (json) return "";
    const built = opensInBuilder(revision.content);
    const html = built ? renderTree(builderTreeOf(revision.content)).html : revision.content;
    return previewDocument({ title: revision.title, html, built, tokens: themeTokens() });
  }, [json, revision]);
  const words = json ? wordsOfJsonContent(revision.content) : [];

  return (
    <div className="space-y-3 p-3" data-testid="page-version-preview">
      {json ? (
        <section aria-label="這個版本的文字" tabIndex={0} className="max-h-[50vh] overflow-y-auto rounded bg-gray-50 p-3">
          <h4 className="font-semibold text-gray-900">{revision.title}</h4>
          {words.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800">
              {words.map((word, index) => (
                <li key={index}>{word}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-gray-700">這個版本沒有可顯示的文字。</p>
          )}
        </section>
      ) : (
        // No script runs in it (no allow-scripts); same origin so the pictures load, /uploads answering only its own origin.
        <iframe title={`${revision.title} 的版本預覽`} sandbox="allow-same-origin" srcDoc={document} className="h-[50vh] w-full rounded bg-white" />
      )}
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-gray-700">SEO 標題</dt>
        <dd className="text-gray-900">{revision.meta_title || "（未填寫）"}</dd>
        <dt className="font-medium text-gray-700">SEO 描述</dt>
        <dd className="text-gray-900">{revision.meta_description || "（未填寫）"}</dd>
      </dl>
    </div>
  );
}
