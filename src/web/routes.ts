// Every route of the product, in one explicit table.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("site/shell/site-layout.route.tsx", [
    index("site/home/home.route.tsx"),
    route("about", "site/about/about.route.tsx"),
    route("services", "site/services/services.route.tsx"),
    route("services/:serviceId", "site/services/service-detail.route.tsx"),
    route("portfolio", "site/cases/portfolio.route.tsx"),
    route("blog", "site/blog/blog.route.tsx"),
    route("blog/:slug", "site/blog/blog-post.route.tsx"),
    route("contact", "site/contact/contact.route.tsx"),
    // Any other page key is its own path (002 §2.7); a key without a published page is the 404 page.
    route(":pageKey", "site/pages/free-page.route.tsx"),
    route("*", "site/shell/not-found.route.tsx"),
  ]),
  // The back office renders in the browser (client loaders only); its code lives in these chunks alone.
  route("admin/login", "admin/login/login.route.tsx"),
  layout("admin/shell/admin-layout.route.tsx", { id: "admin-layout" }, [
    route("admin", "admin/shell/admin-index.route.tsx"),
    route("admin/dashboard", "admin/dashboard/dashboard.route.tsx"),
    route("admin/change-password", "admin/change-password/change-password.route.tsx"),
    route("admin/media", "admin/media/media.route.tsx"),
    route("admin/themes", "admin/themes/themes.route.tsx"),
    route("admin/banners", "admin/banners/banners.route.tsx"),
    route("admin/settings", "admin/settings/settings.route.tsx"),
    route("admin/backups", "admin/backups/backups.route.tsx"),
    route("admin/contacts", "admin/contacts/contacts.route.tsx"),
    route("admin/line", "admin/notifications/notifications.route.tsx"),
    route("admin/customers", "admin/customers/customers.route.tsx"),
    // The chat is its own full-screen view (002 §2.5): on a phone the list and the chat are separate screens.
    route("admin/customers/:customerId", "admin/customers/customer-chat.route.tsx"),
    route("admin/services", "admin/services/services.route.tsx"),
    route("admin/pages", "admin/pages/pages.route.tsx"),
    route("admin/portfolios", "admin/portfolios/portfolios.route.tsx"),
    route("admin/categories", "admin/categories/categories.route.tsx"),
    route("admin/blog", "admin/blog/blog.route.tsx"),
    // One route for a new post and a stored one: a new post's first save moves it to its id without a new editor.
    route("admin/blog/:postId", "admin/blog/post-editor.route.tsx"),
    // The dashboard's 服務項目 card: products are the service items (admin/services).
    route("admin/products", "admin/categories/products.route.tsx"),
    // The theme check screen of 002 §2: a route only, not in the sidebar.
    route("admin/test", "admin/themes/theme-check.route.tsx"),
    route("admin/*", "admin/shell/admin-not-found.route.tsx"),
  ]),
] satisfies RouteConfig;
