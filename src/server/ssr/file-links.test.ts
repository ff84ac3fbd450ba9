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
