import { describe, expect, it } from "vitest";
import { prefillFromQuery } from "./contact-form.ts";

describe("the contact form's first values from the query (000 §5)", () => {
  it("a service alone fills the subject and asks politely about it", () => {
    expect(prefillFromQuery({ service: "水塔清洗" })).toEqual({
      subject: "諮詢服務：水塔清洗",
      message: "您好，我想了解「水塔清洗」的服務內容與報價，麻煩與我聯絡，謝謝。",
    });
  });

  it("a message given is used as it is, with the service's subject", () => {
    expect(prefillFromQuery({ service: "地毯清洗", message: "客廳地毯約 3 坪" })).toEqual({ subject: "諮詢服務：地毯清洗", message: "客廳地毯約 3 坪" });
  });

  it("never replaces what is already in the fields", () => {
    expect(prefillFromQuery({ service: "地毯清洗", message: "新內容" }, { subject: "我的主旨", message: "我的訊息" })).toEqual({ subject: "我的主旨", message: "我的訊息" });
  });

  it("leaves both empty without a query, and trims blanks", () => {
    expect(prefillFromQuery({})).toEqual({ subject: "", message: "" });
    expect(prefillFromQuery({ service: "   ", message: null })).toEqual({ subject: "", message: "" });
  });

  it("keeps within the fields' limits", () => {
    const long = prefillFromQuery({ service: "很".repeat(300) });
    expect(long.subject.length).toBe(150);
  });
});
