import { describe, expect, it } from "vitest";
import { popupFeatures, shareLinks } from "./share-links.ts";

describe("share links", () => {
  const url = "https://clean.example.tw/blog/%E6%B0%B4%E5%A1%94";
  const links = shareLinks(url, "水塔清洗 & 消毒");

  it("gives Facebook, LINE and X each the article's address (and the title where the network takes one)", () => {
    expect(links.map((link) => link.name)).toEqual(["Facebook", "LINE", "X"]);
    const [facebook, line, x] = links.map((link) => new URL(link.href));
    expect(`${facebook!.origin}${facebook!.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
    expect(facebook!.searchParams.get("u")).toBe(url);
    expect(`${line!.origin}${line!.pathname}`).toBe("https://social-plugins.line.me/lineit/share");
    expect(line!.searchParams.get("url")).toBe(url);
    expect(line!.searchParams.get("text")).toBe("水塔清洗 & 消毒");
    expect(`${x!.origin}${x!.pathname}`).toBe("https://x.com/intent/tweet");
    expect(x!.searchParams.get("url")).toBe(url);
    expect(x!.searchParams.get("text")).toBe("水塔清洗 & 消毒");
  });

  it("opens a window of the given size centred over the visitor's window, never off the screen", () => {
    expect(popupFeatures({ width: 626, height: 436 }, { screenX: 100, screenY: 50, outerWidth: 1280, outerHeight: 800 })).toBe(
      "width=626,height=436,left=427,top=232,resizable=yes,scrollbars=yes",
    );
    expect(popupFeatures({ width: 626, height: 436 }, { screenX: 0, screenY: 0, outerWidth: 375, outerHeight: 300 })).toMatch(/^width=626,height=436,left=0,top=0,/);
  });
});
