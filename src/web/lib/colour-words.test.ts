import { describe, expect, it } from "vitest";
import { colourWords } from "./colour-words.ts";

describe("colourWords", () => {
  it("names a colour in words a person uses, its code after", () => {
    expect(colourWords("#FFFFFF")).toBe("白色（#ffffff）");
    expect(colourWords("#1f2937")).toBe("深灰色（#1f2937）");
    expect(colourWords("#f59e0b")).toBe("橙色（#f59e0b）");
    expect(colourWords("#1e3a8a")).toBe("深藍色（#1e3a8a）");
    expect(colourWords("#16a34a")).toBe("綠色（#16a34a）");
    expect(colourWords("#64748b")).toBe("灰藍色（#64748b）");
    expect(colourWords("#fecaca")).toBe("淺紅色（#fecaca）");
    expect(colourWords("#abc")).toBe("淺藍色（#aabbcc）");
    expect(colourWords("不是顏色")).toBe("不是顏色");
  });

  it("calls a grey with a slight blue tint grey, and a blue that shows as blue blue", () => {
    // Tailwind's greys, gray-700 among them, are greys however slightly blue.
    expect(colourWords("#374151")).toBe("深灰色（#374151）");
    expect(colourWords("#6b7280")).toBe("灰色（#6b7280）");
    expect(colourWords("#1e293b")).toBe("深灰色（#1e293b）");
    // Blue-greys and blues keep their hue: light, dark and navy.
    expect(colourWords("#334155")).toBe("深灰藍色（#334155）");
    expect(colourWords("#dbeafe")).toBe("淺藍色（#dbeafe）");
    expect(colourWords("#1c2541")).toBe("深藍色（#1c2541）");
    expect(colourWords("#1d4ed8")).toBe("藍色（#1d4ed8）");
    expect(colourWords("#2563eb")).toBe("藍色（#2563eb）");
  });
});
