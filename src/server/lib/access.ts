// Who may call a route is declared on the route, in one place, and checked by
// one hook: `config: { access }`. A route registered without a declaration
// stops the app at start-up, so nothing is public by omission.
//   public         anyone; no token is looked at
//   public-bearer  anyone, served public data (the spec's `Bearer public` reads);
//                  a valid administrator token also identifies its holder, whose
//                  screens see everything (inactive banners, every case)
//   admin          a valid administrator token, else 401; answers are never cached
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { AdminIdentity, TokensService } from "#server/modules/auth/tokens.service.ts";
import { unauthorized } from "./errors.ts";
import type { Actor, AdminActor } from "./operations.ts";

export const ACCESS_KINDS = ["public", "public-bearer", "admin"] as const;
export type Access = (typeof ACCESS_KINDS)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in administrator, on admin routes and on public-bearer routes called with a valid token. */
    admin?: AdminIdentity;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/** The signed-in administrator as the actor of what the request runs; only for handlers of admin routes. */
export function adminActorOf(request: FastifyRequest): AdminActor {
  if (!request.admin) throw unauthorized();
  return { kind: "admin", admin: request.admin };
}

/** Who a request acts as, for the operation it runs: its administrator when signed in, else a visitor. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.admin) return { kind: "admin", admin: request.admin };
  return { kind: "visitor", clientIp: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}

const isAccess = (value: unknown): value is Access => (ACCESS_KINDS as readonly unknown[]).includes(value);

/**
 * Installs the access hook on the root instance (before any route) and returns
 * the table of every route with its access, filled as routes are registered.
 * Plugins that register routes we cannot annotate (static files) set a default
 * for their own scope with `declareAccess`; the check runs when the app is ready.
 */
export function installAccessControl(app: FastifyInstance, tokens: TokensService): DeclaredRoute[] {
  const registered: RouteOptions[] = [];
  const table: DeclaredRoute[] = [];

  app.addHook("onRoute", (route) => void registered.push(route));
  app.addHook("onReady", async () => {
    for (const route of registered) {
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!isAccess(access)) {
        throw new Error(`Route ${methods.join(",")} ${route.url} declares no access: add config: { access: ${ACCESS_KINDS.map((kind) => `"${kind}"`).join(" | ")} }`);
      }
      for (const method of methods) table.push({ method, url: route.url, access });
    }
  });

  const authenticate = async (request: FastifyRequest): Promise<AdminIdentity | null> => {
    const token = bearerToken(request);
    if (!token || token === "public") return null;
    return tokens.authenticate(token);
  };

  const checkToken = async (request: FastifyRequest, reply: FastifyReply, access: unknown) => {
    if (access === "public-bearer") {
      request.admin = (await authenticate(request)) ?? undefined;
      return;
    }
    // "admin", and anything undeclared that slipped past start-up: refused without a valid token.
    reply.header("cache-control", "no-store");
    if (!bearerToken(request) || bearerToken(request) === "public") throw unauthorized();
    const admin = await authenticate(request);
    if (!admin) throw unauthorized("登入已過期，請重新登入");
    request.admin = admin;
  };
  // A callback hook: a public request, most of them, pays no promise (decision 046).
  app.addHook("onRequest", (request, reply, done) => {
    // Nothing matched: the not-found answer follows, whoever asks.
    if (request.is404) return done();
    const access = request.routeOptions.config?.access;
    if (access === "public") return done();
    checkToken(request, reply, access).then(() => done(), done);
  });

  return table;
}

/** Gives routes registered in this scope (by a third-party plugin) an access of their own unless they declare one. */
export function declareAccess(scope: FastifyInstance, access: Access) {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}
