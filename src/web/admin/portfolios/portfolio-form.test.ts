import { describe, expect, it } from "vitest";
import { legacyPhotoGroup, type PhotoGroup, type Portfolio } from "#contract/portfolios.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import {
  addFeature,
  addGroup,
  caseFailure,
  caseListAddressOf,
  caseListParamsOf,
  casePayload,
  caseThumbnail,
  changedTabs,
  comparisonOn,
  EMPTY_CASE_FORM,
  errorCountsByTab,
  firstErrorTab,
  formFromCase,
  groupName,
  loadFailure,
  portfolioPagePath,
  sameForm,
  storedGroupOrder,
  tabOfField,
  uploadAnswer,
  validateCase,
  withGroupOrder,
  withoutErrors,
  type CaseFormValues,
  type PhotoGroupDraft,
} from "./portfolio-form.ts";

const group = (extra: Partial<PhotoGroup> = {}): PhotoGroup => ({
  id: 11,
  title: "客廳",
  description: "",
  before_image: "/uploads/before.jpg",
  after_image: "/uploads/after.jpg",
  single_images: [],
  display_order: 1,
  comparison_enabled: true,
  ...extra,
});

const portfolio = (extra: Partial<Portfolio> = {}): Portfolio => ({
  id: 5,
  title: "社區水塔清洗",
  description: "六樓水塔",
  client: "基隆市中正區",
  category: "water_tank_service",
  category_label: "水塔清洗",
  technologies: ["高壓沖洗", "消毒"],
  images: [],
  photo_groups: [group(), group({ id: 12, title: "廚房", before_image: "", after_image: "", single_images: ["/uploads/k.jpg"], display_order: 2, comparison_enabled: false })],
  before_images: [],
  after_images: [],
  completed_at: "2025-03-04",
  featured: true,
  status: "active",
  created_at: "2025-03-05T00:00:00.000Z",
  updated_at: "2025-03-05T00:00:00.000Z",
  ...extra,
});

const draft = (extra: Partial<PhotoGroupDraft> = {}): PhotoGroupDraft => ({
  key: 1,
  id: null,
  title: "",
  description: "",
  before_image: "",
  after_image: "",
  single_images: [],
  ...extra,
});

const filled = (extra: Partial<CaseFormValues> = {}): CaseFormValues => ({ ...EMPTY_CASE_FORM, title: "辦公室清潔", category: "office", ...extra });

describe("the list", () => {
  it("asks for ten a page, with the search only when there is one", () => {
    expect(portfolioPagePath({ page: 3, search: "" })).toBe("/admin-api.php/portfolios?page=3&limit=10");
    expect(portfolioPagePath({ page: 0, search: "  " })).toBe("/admin-api.php/portfolios?page=1&limit=10");
    expect(portfolioPagePath({ page: 1, search: " 水塔 " })).toBe(`/admin-api.php/portfolios?page=1&limit=10&search=${encodeURIComponent("水塔")}`);
  });

  it("keeps the page and the search in the address, the defaults left out", () => {
    expect(caseListAddressOf({ page: 2, search: "水塔" }).toString()).toBe(new URLSearchParams({ search: "水塔", page: "2" }).toString());
    expect(caseListParamsOf(caseListAddressOf({ page: 2, search: "水塔" }))).toEqual({ page: 2, search: "水塔" });
    expect(caseListAddressOf({ page: 1, search: "" }).toString()).toBe("");
    expect(caseListParamsOf(new URLSearchParams("page=abc&search=%20"))).toEqual({ page: 1, search: "" });
  });

  it("shows a case by its first picture, whichever place holds it", () => {
    expect(caseThumbnail(portfolio())).toBe("/uploads/before.jpg");
    expect(caseThumbnail({ photo_groups: [group({ before_image: "", after_image: "/uploads/a.jpg" })] })).toBe("/uploads/a.jpg");
    expect(caseThumbnail({ photo_groups: [group({ before_image: "", after_image: "", single_images: [] }), group({ before_image: "", after_image: "", single_images: ["/uploads/s.jpg"] })] })).toBe(
      "/uploads/s.jpg",
    );
    expect(caseThumbnail({ photo_groups: [] })).toBe("");
  });
});

describe("messages for failed calls (001 §8)", () => {
  it("says the server's words, else 操作失敗（status）", () => {
    expect(caseFailure(new ApiError(409, "照片組已有變更"))).toBe("照片組已有變更");
    expect(caseFailure(new ApiError(500, ""))).toBe("操作失敗（500）");
    expect(caseFailure(new ApiError(502, ""))).toBe("操作失敗（502）");
  });

  it("says an answer that is not JSON cannot be read, and that no answer came", () => {
    expect(caseFailure(new ApiError(200, ""))).toBe("無法解析伺服器回應");
    expect(caseFailure(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
    expect(loadFailure(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(`載入清潔案例失敗：${NETWORK_ERROR_MESSAGE}`);
    expect(loadFailure(new ApiError(500, "x"))).toBe("載入清潔案例失敗");
  });
});

describe("tabs", () => {
  it("puts the basic fields on 基本資訊 and the rest, groups included, on 媒體與進階設定", () => {
    expect(["title", "category", "client", "description", "completed_at", "technologies"].map(tabOfField)).toEqual(Array(6).fill("basic"));
    expect(["photo_groups", "photo_groups.1.title", "images", "featured", "status", "_"].map(tabOfField)).toEqual(Array(6).fill("media"));
  });

  it("counts errors per tab and shows the first tab that holds one", () => {
    const errors = { "photo_groups.0.title": "太長", category: "請選擇服務類型", status: "x" };
    expect(errorCountsByTab(errors)).toEqual({ basic: 1, media: 2 });
    expect(firstErrorTab(errors)).toBe("basic");
    expect(firstErrorTab({ status: "x" })).toBe("media");
    expect(firstErrorTab({})).toBeNull();
  });

  it("marks the tabs holding a change", () => {
    const saved = formFromCase(portfolio());
    expect([...changedTabs(saved, saved)]).toEqual([]);
    expect([...changedTabs({ ...saved, technologies: [...saved.technologies, "除菌"] }, saved)]).toEqual(["basic"]);
    expect([...changedTabs({ ...saved, featured: false, title: "新標題" }, saved)].sort()).toEqual(["basic", "media"]);
    expect(sameForm(saved, formFromCase(portfolio()))).toBe(true);
    expect(sameForm(saved, { ...saved, status: "inactive" })).toBe(false);
  });

  it("drops a field's errors, and its parts', once it changes", () => {
    expect(withoutErrors({ title: "a", "photo_groups.0.title": "b", photo_groups: "c", photo: "d" }, "photo_groups")).toEqual({ title: "a", photo: "d" });
  });
});

describe("the form", () => {
  it("opens a stored case as it is, its groups in order with their ids", () => {
    const values = formFromCase(portfolio());
    expect(values).toMatchObject({ title: "社區水塔清洗", category: "water_tank_service", client: "基隆市中正區", completed_at: "2025-03-04", technologies: ["高壓沖洗", "消毒"], featured: true, status: "active" });
    expect(values.photo_groups.map((entry) => [entry.key, entry.id, entry.title])).toEqual([
      [1, 11, "客廳"],
      [2, 12, "廚房"],
    ]);
    expect(formFromCase(portfolio({ completed_at: null })).completed_at).toBe("");
  });

  it("opens a legacy case as the one group the server made of its pictures, half before, half after", () => {
    const legacy = legacyPhotoGroup(["/uploads/1.jpg", "/uploads/2.jpg", "/uploads/3.jpg", "/uploads/4.jpg"])!;
    const values = formFromCase(portfolio({ images: ["/uploads/1.jpg", "/uploads/2.jpg", "/uploads/3.jpg", "/uploads/4.jpg"], photo_groups: [legacy] }));
    expect(values.photo_groups).toEqual([
      { key: 1, id: null, title: "照片組 1", description: "", before_image: "/uploads/1.jpg", after_image: "/uploads/3.jpg", single_images: ["/uploads/2.jpg", "/uploads/4.jpg"] },
    ]);
  });

  it("sends the whole form: trimmed, no date as null, groups in order as their display order, comparison on while a before or after exists", () => {
    const payload = casePayload(
      filled({
        title: "  辦公室清潔  ",
        client: " 台北市 ",
        completed_at: "",
        technologies: ["打蠟"],
        photo_groups: [
          draft({ key: 4, id: 12, title: " 走廊 ", after_image: "/uploads/a.jpg" }),
          draft({ key: 2, title: " ", single_images: ["/uploads/s.jpg", ""] }),
        ],
      }),
    );
    expect(payload).toEqual({
      title: "辦公室清潔",
      description: "",
      client: "台北市",
      category: "office",
      technologies: ["打蠟"],
      images: [],
      photo_groups: [
        { id: 12, title: "走廊", description: "", before_image: "", after_image: "/uploads/a.jpg", single_images: [], display_order: 1, comparison_enabled: true },
        { id: null, title: "照片組 2", description: "", before_image: "", after_image: "", single_images: ["/uploads/s.jpg"], display_order: 2, comparison_enabled: false },
      ],
      completed_at: null,
      featured: false,
      status: "active",
    });
    expect(casePayload(filled({ completed_at: "2025-11-24" })).completed_at).toBe("2025-11-24");
  });

  it("refuses a case without title or service type in the contract's words", () => {
    expect(validateCase(casePayload(EMPTY_CASE_FORM))).toEqual({ title: "請輸入案例標題", category: "請選擇服務類型" });
    expect(validateCase(casePayload(filled()))).toEqual({});
  });

  it("names a group's own refused field by its place", () => {
    const errors = validateCase(casePayload(filled({ photo_groups: [draft(), draft({ key: 2, title: "很".repeat(101) })] })));
    expect(errors).toEqual({ "photo_groups.1.title": "照片組標題不能超過 100 個字元" });
    expect(firstErrorTab(errors)).toBe("media");
  });
});

describe("service features (001 §5)", () => {
  it("adds a trimmed feature at the end", () => {
    expect(addFeature(["打蠟"], "  除菌  ")).toEqual({ added: true, list: ["打蠟", "除菌"] });
  });

  it("refuses an empty one and a repeat, saying why", () => {
    expect(addFeature(["打蠟"], "   ")).toEqual({ added: false, reason: "請先輸入服務特色" });
    expect(addFeature(["打蠟"], " 打蠟 ")).toEqual({ added: false, reason: "「打蠟」已在服務特色中" });
  });
});

describe("photo groups (001 §3, §4)", () => {
  it("adds an empty group at the end, titled after its place, with a key of its own", () => {
    const one = addGroup([]);
    expect(one).toEqual([{ key: 1, id: null, title: "照片組 1", description: "", before_image: "", after_image: "", single_images: [] }]);
    const three = addGroup([draft({ key: 7 }), draft({ key: 3 })]);
    expect(three[2]).toMatchObject({ key: 8, title: "照片組 3" });
  });

  it("keeps the comparison on while either picture remains", () => {
    expect(comparisonOn({ before_image: "/uploads/b.jpg", after_image: "/uploads/a.jpg" })).toBe(true);
    expect(comparisonOn({ before_image: "", after_image: "/uploads/a.jpg" })).toBe(true);
    expect(comparisonOn({ before_image: "/uploads/b.jpg", after_image: "" })).toBe(true);
    expect(comparisonOn({ before_image: "", after_image: "" })).toBe(false);
  });

  it("names a group by its title, else its default title", () => {
    expect(groupName({ title: " 浴室 " }, 0)).toBe("浴室");
    expect(groupName({ title: "" }, 2)).toBe("照片組 3");
  });

  it("sends a new order of the stored groups alone; with a group added or removed it waits for the save", () => {
    const stored = [11, 12, 13];
    expect(storedGroupOrder([draft({ id: 13 }), draft({ id: 11 }), draft({ id: 12 })], stored)).toEqual([13, 11, 12]);
    expect(storedGroupOrder([draft({ id: 13 }), draft({ id: null }), draft({ id: 11 }), draft({ id: 12 })], stored)).toBeNull();
    expect(storedGroupOrder([draft({ id: 13 }), draft({ id: 11 })], stored)).toBeNull();
    expect(storedGroupOrder([draft({ id: 13 }), draft({ id: 11 }), draft({ id: 99 })], stored)).toBeNull();
  });

  it("puts the saved form's groups in the order the server now holds", () => {
    const saved = formFromCase(portfolio());
    expect(withGroupOrder(saved, [12, 11]).photo_groups.map((entry) => entry.id)).toEqual([12, 11]);
    expect(withGroupOrder(saved, [12, 11]).title).toBe(saved.title);
  });
});

describe("uploads (001 §8)", () => {
  it("takes the stored path of a success", () => {
    expect(uploadAnswer("a.jpg", 200, JSON.stringify({ success: true, data: { file_path: " /uploads/2026/a.jpg " } }))).toEqual({ ok: true, path: "/uploads/2026/a.jpg" });
  });

  it("says '{file} 上傳失敗：{message}' with the server's words, else to retry later", () => {
    expect(uploadAnswer("a.jpg", 413, JSON.stringify({ success: false, message: "檔案太大" }))).toEqual({ ok: false, message: "a.jpg 上傳失敗：檔案太大" });
    expect(uploadAnswer("a.jpg", 500, "<h1>oops</h1>")).toEqual({ ok: false, message: "a.jpg 上傳失敗，請稍後再試" });
    expect(uploadAnswer("a.jpg", 200, JSON.stringify({ success: true, data: {} }))).toEqual({ ok: false, message: "a.jpg 上傳失敗，請稍後再試" });
  });
});
