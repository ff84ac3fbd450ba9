// /about (000 §2, §5): the about_company page as staff saved it, sanitised on
// the server (no script runs, no handler survives), with its SEO title; the
// default content when the page is a draft.
import { describe, expect, it } from "vitest";
import { adminApi } from "../support/admin.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const save = (body: Record<string, unknown>) => adminApi(e2e, e2e.server.token, "PUT", "/admin-api.php/pages/about_company", body);

describe("the about page", () => {
  it("shows the saved content, sanitised, and its SEO title; a draft shows the default content", async () => {
    // The payload's image points nowhere: its 404 is the browser's, its handler is gone.
    e2e.expectConsoleError(/status of 404/);
    await save({
      title: "關於安心清潔",
      meta_title: "認識安心清潔團隊",
      content: `<h2>二十年的清潔經驗</h2><p>服務超過 <strong>3000</strong> 個家庭。</p><img src=x onerror="document.title='hacked'"><script>document.title='hacked'</script><a href="javascript:alert(1)">壞連結</a>`,
      is_active: 1,
    });
    const page = await e2e.newPage();
    await page.goto("/about");
    const content = page.getByTestId("about-content");
    expect(await page.locator("h1").textContent()).toBe("關於安心清潔");
    expect(await content.locator("h2").textContent()).toBe("二十年的清潔經驗");
    expect(await content.locator("strong").textContent()).toBe("3000");
    expect(await content.locator("script").count()).toBe(0);
    expect(await content.locator("[onerror]").count()).toBe(0);
    expect(await content.getByText("壞連結").getAttribute("href")).toBeNull();
    expect(await page.title()).toMatch(/^認識安心清潔團隊 \| /);
    expect(await page.title()).not.toContain("hacked");

    await save({ is_active: 0 });
    await page.goto("/about");
    expect(await page.getByTestId("about-content").textContent()).toContain("我們是一支深耕基隆、台北與新北地區的專業清潔維護團隊");
    await save({ title: "關於我們", meta_title: "", is_active: 1 });
  });
});
