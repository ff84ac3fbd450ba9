import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { SeoService } from "./seo.service.ts";

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  app.get("/robots.txt", { config: { access: "public" } }, async (request, reply) => {
    const { status, body } = await seo.robots(originOf(request));
    if (status === 503) reply.header("retry-after", "3600");
    return reply.code(status).type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(body);
  });

  app.get("/sitemap.xml", { config: { access: "public" } }, async (request, reply) =>
    reply.type("application/xml; charset=utf-8").header("cache-control", "no-cache").send(await seo.sitemap(originOf(request))),
  );
};
