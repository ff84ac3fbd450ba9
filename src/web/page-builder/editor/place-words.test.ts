import { describe, expect, it } from "vitest";
import { container } from "#tests/factories/page-builder.factory.ts";
import { columnName, containerMoved, containerName, elementMoved } from "./place-words.ts";

describe("places in words", () => {
  it("names containers by place and layout, columns by place and width", () => {
    const three = container("1-1-1", [[], [], []]);
    expect(containerName(three, 1)).toBe("第 2 個容器（三欄平分）");
    expect(columnName(three, 0)).toBe("第 1 欄（33.33%）");
    expect(columnName(container("2-1", [[], []]), 0)).toBe("第 1 欄（66.67%）");
  });

  it("says where a moved node went, counting from one", () => {
    expect(elementMoved("圖片：門面", 1, 0, 0)).toBe("已將「圖片：門面」移到第 2 個容器第 1 欄的第 1 個位置");
    expect(containerMoved(0, 2)).toBe("已將第 1 個容器移到第 3 個位置");
  });
});
