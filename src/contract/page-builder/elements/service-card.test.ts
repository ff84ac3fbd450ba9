import { describe, expect, it } from "vitest";
import { renderTree } from "../render.ts";
import { builderTreeSchema } from "../tree.ts";

const cardOn = (backgroundColor: string) =>
  renderTree(
    builderTreeSchema.parse({
      containers: [
        {
          id: "box001",
          layout: "1",
          columns: [{ id: "col001", elements: [{ id: "card01", type: "serviceCard", icon: "star", iconColor: "#2563eb", backgroundColor, title: "居家清潔", description: "到府服務", items: ["廚房"] }] }],
        },
      ],
    }),
  ).html;

describe("a service card's words", () => {
  // The site's dark scheme lightens the page's text: a white card must keep its own dark words.
  it("are dark on a light card and white on a dark one, whatever the page's scheme", () => {
    expect(cardOn("#ffffff")).toContain('style="background-color:#ffffff;color:#1f2937;--pb-card-muted:#4b5563"');
    expect(cardOn("#fef3c7")).toContain("color:#1f2937;");
    expect(cardOn("#1e3a8a")).toContain('style="background-color:#1e3a8a;color:#ffffff;--pb-card-muted:#e5e7eb"');
  });
});
