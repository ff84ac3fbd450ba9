// What the server-rendered public pages may ask of the server, in-process,
// through the router context (web/site/shell/site-services.ts): public reads
// only (public settings, never secrets), and the contact form's action for a
// browser without JavaScript. The server builds one object of this shape
// (server/service-registry.ts); the pages never make an HTTP call to our own API
// and never import the server's modules.
import type { HeroSlides } from "./banner.ts";
import type { BlogListPage, BlogPostPage } from "./blog.ts";
import type { ContactFormOutcome } from "./contact-form.ts";
import type { ResponsivePicture, VideoProcessing } from "./media.ts";
import type { AboutPage, FreePage, HomeServicesContent, ServicesPageContent } from "./pages.ts";
import type { Portfolio, PortfolioGallery } from "./portfolios.ts";
import type { ServiceDetail } from "./services.ts";
import type { Settings } from "./settings.ts";
import type { Theme } from "./theme.ts";

/** Who sends the contact form, as the server saw it. */
export interface FormSender {
  clientIp: string;
  userAgent: string;
}

export interface SiteReads {
  settings: { publicSettings(): Promise<Partial<Settings>> };
  themes: {
    activeTheme(): Promise<Theme>;
    /** The theme a preview ticket (the `theme_preview` parameter) shows; null when the ticket is not valid (decision 030). */
    previewTheme(ticket: string): Promise<Theme | null>;
  };
  seo: {
    /** The absolute base of canonical and Open Graph URLs: the canonical URL setting, PUBLIC_URL, else the request's own origin. */
    origin(requestOrigin: string): Promise<string>;
  };
  banners: { heroSlides(): Promise<HeroSlides> };
  media: {
    /** Sizes and srcsets of the uploaded images among these site paths (width and height against layout shift). */
    pictures(paths: string[]): Promise<Record<string, ResponsivePicture>>;
    /** The processing of the uploaded videos among these site paths: a built page plays each as its MP4 (decision 029). */
    videos(paths: string[]): Promise<Record<string, VideoProcessing>>;
    /** Of these site paths, the uploaded files that are not stored: a page shows the next logo in its chain instead. */
    missingUploads(urls: readonly string[]): Promise<Set<string>>;
  };
  pages: {
    homeServices(): Promise<HomeServicesContent>;
    servicesPage(): Promise<ServicesPageContent>;
    about(): Promise<AboutPage>;
    /** A published free page by its key; null for a draft, an unknown key or a built-in page (the 404 page). */
    freePage(key: string): Promise<FreePage | null>;
  };
  services: {
    /** The footer's first services' names. */
    footerServiceNames(): Promise<string[]>;
    /** A service's page: the active item, or the built-in catalogue's entry (`fallback`, not cached) when the database cannot answer. */
    detail(id: unknown): Promise<{ service: ServiceDetail | null; fallback: boolean }>;
  };
  portfolios: {
    gallery(query: { page?: unknown; search?: unknown; category?: unknown }): Promise<PortfolioGallery>;
    /** One active case (the gallery's ?case=), or null. */
    detail(id: unknown): Promise<Portfolio | null>;
  };
  blog: {
    listPage(query: { page?: number; search?: string; category?: string; tag?: string }): Promise<BlogListPage>;
    postPage(slug: string): Promise<BlogPostPage>;
  };
  contacts: {
    /** The /contact form sent without JavaScript: told how it went instead of thrown at. */
    submitForm(input: unknown, sender: FormSender): Promise<ContactFormOutcome>;
  };
}
