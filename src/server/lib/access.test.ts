import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { TokensService } from "#server/modules/auth/tokens.service.ts";
import { declareAccess, installAccessControl } from "./access.ts";

const noTokens = { authenticate: async () => null } as unknown as TokensService;

describe("installAccessControl", () => {
  it("stops the app at start-up when a route declares no access", async () => {
    const app = Fastify();
    installAccessControl(app, noTokens);
    app.get("/forgotten", async () => "open by omission");
    await expect(app.ready()).rejects.toThrow(/GET(,HEAD)? \/forgotten declares no access/);
  });

  it("starts when every route declares it, and lists each route with its access", async () => {
    const app = Fastify();
    const table = installAccessControl(app, noTokens);
    app.get("/open", { config: { access: "public" } }, async () => "ok");
    app.post("/closed", { config: { access: "admin" } }, async () => "ok");
    await app.ready();
    expect(table).toEqual(expect.arrayContaining([
      { method: "GET", url: "/open", access: "public" },
      { method: "POST", url: "/closed", access: "admin" },
    ]));
    expect((await app.inject({ method: "POST", url: "/closed" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/open" })).statusCode).toBe(200);
  });

  it("lets a scope give a third-party plugin's routes a default, which a route's own declaration overrides", async () => {
    const app = Fastify();
    const table = installAccessControl(app, noTokens);
    await app.register(async (scope) => {
      declareAccess(scope, "public");
      scope.get("/file.css", async () => "body{}");
      scope.get("/private", { config: { access: "admin" } }, async () => "secret");
    });
    await app.ready();
    expect(table).toEqual(expect.arrayContaining([
      { method: "GET", url: "/file.css", access: "public" },
      { method: "GET", url: "/private", access: "admin" },
    ]));
  });
});
