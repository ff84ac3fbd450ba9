// Every route of the product, in one explicit table.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Back-office screens still to come: each path shows an honest 'coming soon' (issue 3). */
const COMING_SOON = ["pages", "portfolios", "services", "blog", "contacts", "customers", "line", "products", "categories"];

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
  // The back office renders in the browser (client loaders only); its code lives in these chunks alone.
  route("admin/login", "routes/admin/login.tsx"),
  layout("routes/admin/admin-layout.tsx", { id: "admin-layout" }, [
    route("admin", "routes/admin/admin-index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/change-password", "routes/admin/change-password.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    route("admin/themes", "routes/admin/themes.tsx"),
    route("admin/banners", "routes/admin/banners.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    // The theme check screen of 002 section 2: a route only, not in the sidebar.
    route("admin/test", "routes/admin/test-theme.tsx"),
    ...COMING_SOON.map((name) => route(`admin/${name}`, "routes/admin/coming-soon.tsx", { id: `admin-coming-soon-${name}` })),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
