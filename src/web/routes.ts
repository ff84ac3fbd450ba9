// Every route of the product, in one explicit table.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/site-layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/:serviceId", "routes/public/service-detail.tsx"),
    route("portfolio", "routes/public/portfolio.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("admin/*", "routes/admin/admin-placeholder.tsx"),
] satisfies RouteConfig;
