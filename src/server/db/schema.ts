// Kysely's view of the tables created by the migrations. Timestamps are ISO-8601
// text, flags 0/1 integers and lists JSON text on both SQLite and PostgreSQL.
import type { Generated } from "kysely";

type Id = Generated<number>;
type Flag = Generated<number>;
type Timestamps = { created_at: string; updated_at: string };
/**
 * The tokens a record is found by (migration 020): what it is called, then the rest.
 * Written by its repository from the record's fields (modules/<domain>/*-search.ts);
 * PostgreSQL derives the indexed search_vector from them, SQLite's FTS5 table reads them.
 */
type Searched = { search_title: Generated<string>; search_body: Generated<string> };

export interface AppMetaTable { key: string; value: string }
/** Counts kept by triggers (migration 021): 'contacts:<status>', 'line_customers', 'line_messages:<customer id>'. */
export interface RecordTalliesTable { name: string; n: number }
export interface SettingsTable { key: string; value: string; updated_at: string }

export interface ThemesTable extends Timestamps {
  id: Id; name: string; slug: string; industry: Generated<string>; description: Generated<string>;
  primary_color: string; primary_hover: string; secondary_color: string; accent_color: string;
  bg_primary: string; bg_secondary: string; bg_card: string;
  text_primary: string; text_secondary: string; text_light: string; border_color: string;
  font_family: string; font_size_base: string; nav_bg: string; nav_text: string;
  btn_border_radius: string; card_border_radius: string; layout_type: string; header_style: string;
  navigation_structure: string | null; homepage_layout: string | null; content_sections: string | null;
}

export interface AdminUsersTable extends Timestamps {
  id: Id; name: string; email: string; password_hash: string; last_login_at: string | null;
}
export interface AdminTokensTable {
  id: Id; admin_user_id: number; token_hash: string; client_ip: Generated<string>; user_agent: Generated<string>;
  created_at: string; last_used_at: string;
}
export interface LoginAttemptsTable { id: Id; email: string; client_ip: string; succeeded: Flag; created_at: string; device_id: number | null }
export interface LoginDevicesTable { id: Id; admin_user_id: number; token_hash: string; created_at: string; last_used_at: string }
export interface AdminTotpTable { admin_user_id: number; secret: string; enabled_at: string | null; last_step: Generated<number>; created_at: string }
export interface AdminRecoveryCodesTable { id: Id; admin_user_id: number; code_hash: string; used_at: string | null; created_at: string }
export interface LoginSecondStepsTable {
  token_hash: string; admin_user_id: number; client_ip: string; device_id: number | null; failures: Generated<number>; expires_at: string;
}
export interface LoginChallengesTable { id: string; client_ip: string; answer: string; expires_at: string; used_at: string | null }
export interface ActivityLogTable {
  id: Id; admin_user_id: number | null; action: string; entity_type: Generated<string>; entity_id: Generated<string>;
  summary: Generated<string>; created_at: string;
}

export interface HeroBannersTable extends Timestamps {
  id: Id; title: string; subtitle: Generated<string>; description: Generated<string>; media_type: Generated<string>;
  image_url: Generated<string>; video_url: Generated<string>; youtube_id: Generated<string>;
  button_text: string; button_link: string; button_style: Generated<string>; text_color: Generated<string>;
  overlay_opacity: Generated<number>; height: Generated<number>; is_active: Flag; sort_order: Generated<number>;
}
export interface PagesTable extends Timestamps {
  id: Id; page_key: string; title: string; content: Generated<string>; meta_title: Generated<string>;
  meta_description: Generated<string>; meta_keywords: Generated<string>; is_active: Flag;
  /** The editor's autosave (JSON of the page's fields), apart from the published ones. */
  draft: string | null; draft_saved_at: string | null;
  revision: Generated<number>;
  /** The change that made the current state, and who made it (decision 032). */
  change_kind: string | null; changed_by: number | null; restored_from: string | null;
}

export interface PageRevisionsTable {
  id: Id; page_id: number; page_key: string; title: Generated<string>; content: Generated<string>; meta_title: Generated<string>;
  meta_description: Generated<string>; meta_keywords: Generated<string>; is_active: Flag; admin_user_id: number | null; created_at: string;
  /** When this version was made, by whom and by what change (null: kept before versions recorded it). */
  made_at: string | null; made_by: number | null; change_kind: string | null; restored_from: string | null;
}

export interface ServiceCategoriesTable extends Timestamps {
  id: Id; name: string; description: Generated<string>; display_order: Generated<number>; is_active: Flag;
}
export interface ServiceItemsTable extends Timestamps {
  id: Id; category_id: number | null; catalogue_key: string | null; name: string; description: Generated<string>;
  features: Generated<string>; service_references: Generated<string>; main_image: Generated<string>;
  price: number | null; price_unit: Generated<string>; display_order: Generated<number>; is_active: Flag;
}
export interface ServiceImagesTable {
  id: Id; service_id: number; image_path: string; title: Generated<string>; description: Generated<string>;
  display_order: Generated<number>; is_active: Flag; created_at: string;
}
export interface ServiceTypesTable extends Timestamps {
  id: Id; value: string; label: string; icon: Generated<string>; sort_order: Generated<number>; is_auto: Flag;
}
export interface PortfoliosTable extends Timestamps, Searched {
  id: Id; title: string; description: Generated<string>; client: Generated<string>; category: string;
  technologies: Generated<string>; images: Generated<string>; completed_at: string | null; featured: Flag;
  status: Generated<string>;
}
export interface PortfolioPhotoGroupsTable {
  id: Id; portfolio_id: number; title: Generated<string>; description: Generated<string>;
  before_image: Generated<string>; after_image: Generated<string>; single_images: Generated<string>;
  display_order: Generated<number>; comparison_enabled: Flag;
}
export interface CategoriesTable extends Timestamps {
  id: Id; name: string; description: Generated<string>; sort_order: Generated<number>; status: Generated<string>;
}

export interface BlogCategoriesTable { id: Id; name: string; slug: string; description: Generated<string>; created_at: string }
export interface BlogTagsTable { id: Id; name: string; created_at: string }
export interface BlogPostsTable extends Timestamps, Searched {
  id: Id; title: string; slug: string; summary: Generated<string>; content: Generated<string>;
  featured_image: Generated<string>; status: Generated<string>; is_featured: Flag; view_count: Generated<number>;
  category_id: number | null; seo_title: Generated<string>; seo_description: Generated<string>; published_at: string | null;
  change_kind: string | null; changed_by: number | null; restored_from: string | null;
  /** A new post's address while only autosaves stored it (`slug` then holds a placeholder no address can equal). */
  wanted_slug: string | null;
}
export interface BlogPostTagsTable { post_id: number; tag_id: number; position: Generated<number> }
export interface BlogPostRevisionsTable {
  id: Id; post_id: number; title: Generated<string>; slug: Generated<string>; summary: Generated<string>; content: Generated<string>;
  featured_image: Generated<string>; status: Generated<string>; is_featured: Flag; category_id: number | null; tags: Generated<string>;
  seo_title: Generated<string>; seo_description: Generated<string>; published_at: string | null; is_autosave: Flag;
  admin_user_id: number | null; created_at: string;
  made_at: string | null; made_by: number | null; change_kind: string | null; restored_from: string | null;
}
export interface BlogMovedSlugsTable { slug: string; post_id: number; created_at: string }

export interface ContactsTable extends Timestamps, Searched {
  id: Id; name: string; email: string; phone: Generated<string>; company: Generated<string>; subject: Generated<string>;
  message: string; status: Generated<string>; source: Generated<string>; client_ip: Generated<string>; user_agent: Generated<string>;
  /** Why the message may be spam (a code of contract/contact.ts), '' when it is not. */
  suspect_reason: Generated<string>;
  /** 'sent' (its own notice), 'held' (counted in a summary notice), '' (before migration 007). */
  notice: Generated<string>;
  /** The staff's note on the message (migration 013), '' when there is none. */
  staff_note: Generated<string>;
}
/** Counters shared by every instance, bumped atomically in a write's transaction (migration 007). */
export interface RateCountersTable { key: string; count: Generated<number>; expires_at: string }

export interface LineCustomersTable extends Timestamps, Searched {
  id: Id; line_user_id: string; display_name: Generated<string>; picture_url: Generated<string>;
  status_message: Generated<string>; tags: Generated<string>; notes: Generated<string>; is_following: Flag;
  last_interaction: string | null; last_message: Generated<string>;
  reply_token: Generated<string>; reply_token_expires_at: string | null; profile_refreshed_at: string | null;
  line_display_name: Generated<string>;
}
export interface LineMessagesTable {
  /** The tokens the message is found by (migration 020; customers/customer-search.ts). */
  search_body: Generated<string>;
  id: Id; customer_id: number; line_message_id: string | null; message_type: string; message_content: Generated<string>;
  media_url: Generated<string>; file_name: Generated<string>; direction: string; is_read: Flag; created_at: string;
  delivery_status: Generated<string>; delivery_method: Generated<string>; delivery_error: Generated<string>;
  /** Why a customer's file was not kept, in words ('' when kept or still coming). */
  media_error: Generated<string>;
  /** When the current try of an outgoing message began (null for incoming ones). */
  delivery_started_at: string | null;
}
export interface LineCannedRepliesTable extends Timestamps { id: Id; title: string; text: string; sort_order: Generated<number> }
export interface LineWebhookEventsTable { event_id: string; received_at: string }
export interface NotificationDeliveriesTable {
  id: Id; channel: string; event: string; status: string; error: Generated<string>; created_at: string;
}

export interface MediaFilesTable extends Timestamps {
  id: Id; filename: string; original_name: Generated<string>; file_path: string; mime_type: string;
  file_size: Generated<number>; width: number | null; height: number | null; alt_text: Generated<string>;
  placeholder: Generated<string>; variants: Generated<string>;
  /** Set when cleanup moved the file to the trash; purged 30 days later (migration 010). */
  trashed_at: string | null;
  /** Videos (migration 012): "" for other files, processing / ready / error; progress 0–100 while FFmpeg reports it. */
  video_status: Generated<string>; video_progress: number | null; video_error: Generated<string>;
  /** Site paths of the poster (WebP) and of the MP4 browsers play; "" until made. */
  poster_path: Generated<string>; playable_path: Generated<string>;
}
export interface MediaReferencesTable {
  id: Id; media_id: number; owner_type: string; owner_id: string; field: string; created_at: string;
}

export interface JobsTable extends Timestamps {
  id: Id; kind: string; payload: Generated<string>; run_at: string; attempts: Generated<number>; max_attempts: Generated<number>;
  last_error: Generated<string>; locked_until: string | null; failed_at: string | null; dedupe_key: string | null;
  /** The claim that holds the job (with `locked_until`): only it may finish, fail or hand back the job. */
  lease_token: string | null;
}

export interface BackupRunsTable {
  id: Id; trigger: "schedule" | "manual" | "restore"; status: "running" | "succeeded" | "failed"; running_slot: number | null;
  started_at: string; heartbeat_at: string; finished_at: string | null; file_name: Generated<string>; size: Generated<number>; error: Generated<string>;
}

export interface Database {
  record_tallies: RecordTalliesTable;
  app_meta: AppMetaTable;
  settings: SettingsTable;
  themes: ThemesTable;
  admin_users: AdminUsersTable;
  admin_tokens: AdminTokensTable;
  login_attempts: LoginAttemptsTable;
  login_challenges: LoginChallengesTable;
  login_devices: LoginDevicesTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  login_second_steps: LoginSecondStepsTable;
  activity_log: ActivityLogTable;
  hero_banners: HeroBannersTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  service_categories: ServiceCategoriesTable;
  service_items: ServiceItemsTable;
  service_images: ServiceImagesTable;
  service_types: ServiceTypesTable;
  portfolios: PortfoliosTable;
  portfolio_photo_groups: PortfolioPhotoGroupsTable;
  categories: CategoriesTable;
  blog_categories: BlogCategoriesTable;
  blog_tags: BlogTagsTable;
  blog_posts: BlogPostsTable;
  blog_post_tags: BlogPostTagsTable;
  blog_post_revisions: BlogPostRevisionsTable;
  blog_moved_slugs: BlogMovedSlugsTable;
  contacts: ContactsTable;
  line_customers: LineCustomersTable;
  line_messages: LineMessagesTable;
  line_canned_replies: LineCannedRepliesTable;
  line_webhook_events: LineWebhookEventsTable;
  notification_deliveries: NotificationDeliveriesTable;
  media_files: MediaFilesTable;
  media_references: MediaReferencesTable;
  jobs: JobsTable;
  rate_counters: RateCountersTable;
  backup_runs: BackupRunsTable;
}
