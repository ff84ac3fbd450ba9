import { describe, expect, it } from "vitest";
import { uploadAddressesByField, uploadAddressesIn, uploadAddressesOfPageContent } from "./file-addresses.ts";

const A = "/uploads/2026/01/aa11.jpg";
const B = "/uploads/2026/02/bb22.webp";
const PDF = "/uploads/2026/02/cc33.pdf";
const VIDEO = "/uploads/2026/03/dd44.mp4";

describe("uploadAddressesIn", () => {
  it("finds pictures, videos, posters, sources and links in HTML, relative or absolute, each once", () => {
    const html = `<p><img src="${A}" alt="x"><img src='https://example.tw${A}'></p>
      <video poster="${B}" controls><source src="${VIDEO}" type="video/mp4"></video><a href="${PDF}?download=1">報價單</a>`;
    expect(uploadAddressesIn(html).sort()).toEqual([A, B, PDF, VIDEO].sort());
  });

  it("leaves other addresses alone", () => {
    expect(uploadAddressesIn('<img src="/images/logo.png"><a href="https://other.example/files/x.pdf">x</a> /uploads/../etc/passwd')).toEqual([]);
  });
});

describe("uploadAddressesByField", () => {
  it("names each address by the property that holds it, at any depth", () => {
    const content = { title: "服務", services: [{ key: "a", image: A }, { key: "b", image: B, extra: { background: VIDEO } }], html: `<a href="${PDF}">x</a>` };
    expect(uploadAddressesByField(content, "html")).toEqual({ image: [A, B], background: [VIDEO], html: [PDF] });
  });
});

describe("uploadAddressesOfPageContent", () => {
  it("walks JSON content and takes HTML content whole", () => {
    expect(uploadAddressesOfPageContent(JSON.stringify({ services: [{ image: A }] }))).toEqual({ image: [A] });
    expect(uploadAddressesOfPageContent(`<h2>關於我們</h2><img src="${B}">`)).toEqual({ html: [B] });
    expect(uploadAddressesOfPageContent(`{not json <img src="${B}">`)).toEqual({ html: [B] });
    expect(uploadAddressesOfPageContent("<p>沒有圖片</p>")).toEqual({});
  });
});
