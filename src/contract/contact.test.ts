import { describe, expect, it } from "vitest";
import { contactSourceText } from "./contact.ts";

describe("contactSourceText", () => {
  it("says where a message came from in words, never the stored value", () => {
    expect(contactSourceText("services")).toBe("服務頁面");
    expect(contactSourceText("home")).toBe("首頁的核心服務");
    expect(contactSourceText("portfolio")).toBe("作品集頁面");
    expect(contactSourceText("services/12")).toBe("服務項目的介紹頁");
    expect(contactSourceText("")).toBe("聯絡我們頁面（直接填寫）");
  });

  it("names a tag staff put in a link of their own as theirs", () => {
    expect(contactSourceText("fb-ad")).toBe("其他頁面的連結（標記「fb-ad」）");
  });
});
