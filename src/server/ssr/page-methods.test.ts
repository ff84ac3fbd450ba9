import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { actionAddresses, pageMethodsOf, refusedPost } from "./page-methods.ts";

/** A route table shaped like the build's: the site's layout, a page with an action, pages without. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    layout: { id: "layout", parentId: "root", module: {} },
    home: { id: "home", parentId: "layout", index: true, module: {} },
    contact: { id: "contact", parentId: "layout", path: "contact", module: { action: async () => null } },
    booking: { id: "booking", parentId: "layout", path: "services/:serviceId/book", module: { action: async () => null } },
    free: { id: "free", parentId: "layout", path: ":pageKey", module: {} },
  },
} as unknown as Pick<ServerBuild, "routes">;

describe("page methods", () => {
  const actions = actionAddresses(build);

  it("a page takes GET and HEAD; POST only where its route has an action, its parameters matched", () => {
    expect(pageMethodsOf("/about", actions)).toEqual(["GET", "HEAD"]);
    expect(pageMethodsOf("/", actions)).toEqual(["GET", "HEAD"]);
    expect(pageMethodsOf("/contact", actions)).toEqual(["GET", "HEAD", "POST"]);
    expect(pageMethodsOf("/contact/?from=home", actions)).toEqual(["GET", "HEAD", "POST"]);
    expect(pageMethodsOf("/services/7/book", actions)).toEqual(["GET", "HEAD", "POST"]);
    expect(pageMethodsOf("/services/7", actions)).toEqual(["GET", "HEAD"]);
    expect(pageMethodsOf("/contactus", actions)).toEqual(["GET", "HEAD"]);
  });

  it("a POST to a page without an action is refused with 405 and Allow; one with an action is let through", () => {
    const refusal = refusedPost("POST", "/about", actions);
    expect(refusal).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" }, message: "此路徑不接受 POST 請求，請改用 GET, HEAD" });
    expect(refusedPost("POST", "/contact", actions)).toBeUndefined();
    expect(refusedPost("GET", "/about", actions)).toBeUndefined();
  });
});
