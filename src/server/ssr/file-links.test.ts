import { createRequestHandler, UNSAFE_decodeViaTurboStream, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pointFileLinksAt } from "./file-links.ts";

const CDN = "https://cdn.example/site-a/";
const OWN = ["http://127.0.0.1:3000", "https://www.example.tw"];
const point = (html: string) => pointFileLinksAt(html, CDN, OWN);

describe("pointFileLinksAt", () => {
  it("points pictures, srcsets, videos, posters and links at the CDN", () => {
    expect(point(`<img src="/uploads/2026/11/ab12.jpg" srcset="/uploads/2026/11/ab12-480w.webp 480w, /uploads/2026/11/ab12-960w.webp 960w">`)).toBe(
      `<img src="${CDN}2026/11/ab12.jpg" srcset="${CDN}2026/11/ab12-480w.webp 480w, ${CDN}2026/11/ab12-960w.webp 960w">`,
    );
    expect(point(`<video poster="/uploads/2026/11/v-poster.jpg"><source src='/uploads/2026/11/v.mp4'></video><a href="/uploads/2026/11/q.pdf">`)).toBe(
      `<video poster="${CDN}2026/11/v-poster.jpg"><source src='${CDN}2026/11/v.mp4'></video><a href="${CDN}2026/11/q.pdf">`,
    );
    expect(point(`<div style="background-image:url(&quot;/uploads/2026/11/bg.png&quot;)">`)).toBe(`<div style="background-image:url(&quot;${CDN}2026/11/bg.png&quot;)">`);
  });

  it("points this site's absolute links (Open Graph, JSON-LD) at the CDN", () => {
    expect(point(`<meta property="og:image" content="https://www.example.tw/uploads/2026/11/og.jpg">`)).toBe(`<meta property="og:image" content="${CDN}2026/11/og.jpg">`);
    expect(point(`{"image":["http://127.0.0.1:3000/uploads/2026/11/a.png"]}`)).toBe(`{"image":["${CDN}2026/11/a.png"]}`);
  });

  it("leaves other sites' files, addresses that are not keys, and the product's own paths alone", () => {
    const untouched = [
      `<img src="https://other.example/uploads/2026/11/a.jpg">`,
      `<img src="https://other.example/wp-content/uploads/2020/01/a.jpg">`,
      `<img src="/uploads/2026/11/.scratch/a.jpg">`,
      `<img src="/uploads/2026/11/A.JPG">`,
      `<a href="/uploads/2026/11/a.jpg/../../x">`,
      `<a href="/assets/uploads/2026/11/a.jpg">`,
      `<p>files live under /uploadsx/2026/11/a.jpg</p>`,
    ];
    for (const html of untouched) expect(point(html), html).toBe(html);
  });
});

describe("pointFileLinksAt on a client-side navigation's data", () => {
  /** What React Router answers to /blog/<slug>.data (single fetch: turbo-stream), for a page whose loader returns `data`. */
  async function navigationData(data: unknown): Promise<string> {
    const build = {
      entry: { module: { default: () => new Response("") } },
      routes: {
        root: { id: "root", path: "", module: {} },
        post: { id: "post", parentId: "root", path: "blog/:slug", module: { loader: () => data } },
      },
      assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    const res = await createRequestHandler(build, "production")(new Request("http://127.0.0.1:3000/blog/tank-cleaning.data"));
    expect(res.headers.get("content-type")).toMatch(/^text\/x-script/);
    return res.text();
  }

  it("keeps links as plain JSON strings, so the rewritten answer decodes to the CDN's addresses", async () => {
    const post = {
      featured_image: "/uploads/2026/11/ab12.jpg",
      content: `<p><img src="/uploads/2026/11/ab12.jpg" srcset="/uploads/2026/11/ab12-480w.webp 480w, /uploads/2026/11/ab12-960w.webp 960w" alt="清洗前"></p>`,
      og_image: "https://www.example.tw/uploads/2026/11/og.jpg",
      elsewhere: "https://other.example/uploads/2026/11/a.jpg",
      gallery: ["/uploads/2026/11/ab12.jpg", "/uploads/2026/11/cd34.png"],
    };
    const answer = await navigationData({ post });
    expect(answer).toContain(`"/uploads/2026/11/ab12.jpg"`);

    const decoded = await UNSAFE_decodeViaTurboStream(new Response(point(answer)).body!, globalThis);
    await decoded.done;
    expect(decoded.value).toEqual({
      post: {
        data: {
          post: {
            featured_image: `${CDN}2026/11/ab12.jpg`,
            content: `<p><img src="${CDN}2026/11/ab12.jpg" srcset="${CDN}2026/11/ab12-480w.webp 480w, ${CDN}2026/11/ab12-960w.webp 960w" alt="清洗前"></p>`,
            og_image: `${CDN}2026/11/og.jpg`,
            elsewhere: "https://other.example/uploads/2026/11/a.jpg",
            gallery: [`${CDN}2026/11/ab12.jpg`, `${CDN}2026/11/cd34.png`],
          },
        },
      },
    });
  });
});
