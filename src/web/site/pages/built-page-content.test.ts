import { describe, expect, it } from "vitest";
import { builderTreeSchema } from "#contract/page-builder/tree.ts";
import { uploadedPicturePaths } from "./built-page-content.tsx";

describe("uploadedPicturePaths", () => {
  it("asks the media library for the uploaded images and videos' posters, once each, nothing from elsewhere", () => {
    const tree = builderTreeSchema.parse({
      containers: [
        {
          id: "box001",
          layout: "1-1",
          columns: [
            {
              id: "col001",
              elements: [
                { id: "img001", type: "image", src: "/uploads/2026/01/a.jpg", alt: "客廳" },
                { id: "img002", type: "image", src: "https://example.com/b.jpg", alt: "外部" },
                { id: "img003", type: "image", src: "/uploads/2026/01/a.jpg", alt: "再一次" },
              ],
            },
            {
              id: "col002",
              elements: [
                { id: "vid001", type: "video", source: "youtube", youtube: "dQw4w9WgXcQ", poster: "/uploads/2026/01/p.jpg" },
                { id: "vid002", type: "video", source: "upload", src: "/uploads/2026/01/v.mp4", poster: "/uploads/2026/01/q.jpg" },
                { id: "txt001", type: "text", html: '<p><img src="/uploads/2026/01/c.jpg" alt=""></p>' },
              ],
            },
          ],
        },
      ],
    });
    expect(uploadedPicturePaths(tree)).toEqual(["/uploads/2026/01/a.jpg", "/uploads/2026/01/p.jpg", "/uploads/2026/01/q.jpg"]);
  });
});
