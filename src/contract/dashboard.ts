// Back-office counts: the notification poll, the dashboard stats and the activity log.

/** GET /admin-api.php/notifications — polled every 15 s. */
export interface NotificationCounts {
  /** Contact messages not yet read (status new). */
  contacts: number;
  /** LINE customers with at least one unread incoming message. */
  customers: number;
  /** Unread incoming LINE messages in all. */
  total_messages: number;
}

/** GET /admin-api.php/stats — the seven dashboard counts of the spec, plus the failed background jobs. */
export interface DashboardStats {
  total_products: number;
  total_portfolios: number;
  total_contacts: number;
  new_contacts: number;
  line_customers: number;
  blog_posts: number;
  active_banners: number;
  /** Background jobs (notifications, scheduled posts, downloads) that failed every retry and need a look. */
  failed_jobs: number;
  /** Staff notifications that failed at least once and are not delivered yet: still retrying, or given up (issue 22 §6). */
  failing_notifications: number;
}

/** Shown only when the stats call fails (001 §4). */
export const SAMPLE_DASHBOARD_STATS: DashboardStats = {
  total_products: 12,
  total_portfolios: 8,
  total_contacts: 24,
  new_contacts: 3,
  line_customers: 15,
  blog_posts: 6,
  active_banners: 3,
  failed_jobs: 0,
  failing_notifications: 0,
};

/** GET /admin-api.php/activity?limit=N — newest first. */
export interface ActivityItem {
  id: number;
  action: string;
  summary: string;
  admin_name: string | null;
  created_at: string;
}

export const VERSION_LABEL = "v1.2.0";
