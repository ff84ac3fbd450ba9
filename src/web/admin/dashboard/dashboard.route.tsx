// /admin/dashboard (001 §2): greeting, the seven stat cards from
// /admin-api.php/stats (the sample numbers only when that call fails, and
// said so), quick actions, recent activity from the activity log, system info.
// Staff notifications that keep failing (still retrying or given up) show as a
// warning at the top with their reasons in words, and 系統狀態 says so. 網站備份
// shows the last backup (time and size, or why it failed) and the schedule.
import { useQuery } from "@tanstack/react-query";
import {
  Activity,
  Briefcase,
  DatabaseBackup,
  ExternalLink,
  FolderTree,
  Image,
  Images,
  Info,
  Mail,
  MessageCircle,
  Newspaper,
  Package,
  Settings,
  TriangleAlert,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { SAMPLE_DASHBOARD_STATS, VERSION_LABEL, type ActivityItem, type DashboardStats } from "#contract/dashboard.ts";
import { deliveryChannelLabels, type NotificationHealth } from "#contract/notifications.ts";
import { apiGet, errorMessage } from "#web/admin/shared/api-client.ts";
import { BackupStatus } from "#web/admin/backups/backup-status.tsx";
import { BACKUP_SUMMARY_QUERY_KEY, fetchBackupSummary } from "#web/admin/backups/backups-api.ts";
import { QUICK_ACTIONS, statCards, systemStatus } from "./dashboard-cards.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { useAdminUser } from "#web/admin/shell/use-admin-user.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta("儀表板");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const ACTIVITY_LIMIT = 8;

const ICONS: Record<string, LucideIcon> = {
  "/admin/products": Package,
  "/admin/portfolios": Briefcase,
  "/admin/contacts": Mail,
  "/admin/customers": MessageCircle,
  "/admin/blog": Newspaper,
  "/admin/banners": Image,
  "/admin/categories": FolderTree,
  "/admin/media": Images,
  "/admin/settings": Settings,
};

const cardClass = "rounded-2xl bg-white p-6 text-gray-900 shadow-sm";

export default function Dashboard() {
  const user = useAdminUser();
  const stats = useQuery({
    queryKey: ["admin", "stats"],
    queryFn: ({ signal }) => apiGet<DashboardStats>("/admin-api.php/stats", signal),
  });
  const backup = useQuery({ queryKey: BACKUP_SUMMARY_QUERY_KEY, queryFn: ({ signal }) => fetchBackupSummary(signal), retry: false });
  const activity = useQuery({
    queryKey: ["admin", "activity", ACTIVITY_LIMIT],
    queryFn: ({ signal }) => apiGet<{ activities: ActivityItem[] }>(`/admin-api.php/activity?limit=${ACTIVITY_LIMIT}`, signal),
  });

  const showingSample = stats.isError;
  const cards = statCards(stats.data ?? (showingSample ? SAMPLE_DASHBOARD_STATS : null));
  const status = systemStatus(stats.data ?? null);
  const failingNotifications = stats.data?.failing_notifications ?? 0;
  const deliveries = useQuery({
    queryKey: ["admin", "notification-failures", "dashboard"],
    queryFn: ({ signal }) => apiGet<NotificationHealth>("/admin-api.php/notification-failures", signal),
    enabled: failingNotifications > 0,
  });

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium uppercase tracking-wider opacity-70">儀表板</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">歡迎回來，{user?.name || "管理員"}</h1>
          <p className="mt-1 opacity-75">這是網站內容與訊息的總覽。</p>
        </div>
        <a
          href="/"
          target="_blank"
          rel="noopener noreferrer"
          className={`inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
        >
          <ExternalLink aria-hidden size={18} />
          查看網站
          <span className="sr-only">（在新分頁開啟）</span>
        </a>
      </div>

      {failingNotifications > 0 ? <DeliveryWarning count={failingNotifications} health={deliveries.data} /> : null}

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          統計數字
        </h2>
        {showingSample ? (
          <p role="alert" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
            無法取得統計資料，以下顯示的是範例數字，並非網站的實際資料。
          </p>
        ) : null}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards" aria-busy={stats.isPending}>
          {cards.map((card) => {
            const Icon = ICONS[card.to] ?? Package;
            return (
              <li key={card.to}>
                <Link
                  to={card.to}
                  className={`flex h-full items-center gap-4 rounded-2xl bg-white p-5 text-gray-900 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${focusRing}`}
                >
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600">
                    <Icon aria-hidden size={24} />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm text-gray-600">{card.label}</span>
                    <span className="block text-2xl font-bold" data-testid={`stat-${card.to.split("/").pop()}`}>
                      {card.value}
                    </span>
                    {card.detail ? (
                      <span className={`block text-sm ${card.highlight ? "font-semibold text-red-600" : "text-gray-500"}`}>{card.detail}</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="quick-heading" className={`${cardClass} lg:col-span-1`}>
          <h2 id="quick-heading" className="text-lg font-semibold">
            快速操作
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {QUICK_ACTIONS.map((action) => {
              const Icon = ICONS[action.to] ?? Package;
              return (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className={`flex h-full flex-col items-center gap-2 rounded-xl border border-gray-200 p-4 text-center text-sm font-medium hover:border-blue-300 hover:bg-blue-50 ${focusRing}`}
                  >
                    <Icon aria-hidden size={22} className="text-blue-600" />
                    {action.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="activity-heading" className={`${cardClass} lg:col-span-2`}>
          <h2 id="activity-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Activity aria-hidden size={20} className="text-blue-600" />
            最近活動
          </h2>
          <ActivityList query={activity} />
        </section>
      </div>

      <section aria-labelledby="backup-heading" className={cardClass} data-testid="dashboard-backup" aria-busy={backup.isPending}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="backup-heading" className="flex items-center gap-2 text-lg font-semibold">
            <DatabaseBackup aria-hidden size={20} className="text-blue-600" />
            網站備份
          </h2>
          <Link to="/admin/backups" className={`inline-flex min-h-11 items-center rounded-lg font-semibold text-blue-700 underline ${focusRing}`}>
            前往備份與還原
          </Link>
        </div>
        {backup.data ? (
          <BackupStatus summary={backup.data} />
        ) : backup.isError ? (
          <p className="text-gray-600">{errorMessage(backup.error, "無法取得備份狀態")}</p>
        ) : (
          <p className="text-gray-500">載入中...</p>
        )}
      </section>

      <section aria-labelledby="system-heading" className={cardClass}>
        <h2 id="system-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Info aria-hidden size={20} className="text-blue-600" />
          系統資訊
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-gray-500">系統版本</dt>
            <dd className="mt-1 font-semibold">{VERSION_LABEL}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-500">系統狀態</dt>
            <dd className={`mt-1 flex items-center gap-2 font-semibold ${status.ok ? "text-green-700" : "text-amber-800"}`} data-testid="system-status">
              <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${status.ok ? "bg-green-500" : "bg-amber-500"}`} />
              {status.label}
            </dd>
            {status.detail ? <dd className="mt-1 text-sm text-gray-700">{status.detail}</dd> : null}
          </div>
          <div>
            <dt className="text-sm text-gray-500">登入時間</dt>
            <dd className="mt-1 font-semibold" data-testid="login-time">
              {user?.login_at ? <time dateTime={user.login_at}>{formatDateTime(user.login_at)}</time> : "—"}
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

const REASONS_SHOWN = 3;

/** The notifications that are failing, with their reasons in words, and the way to the screen that sends them again. */
function DeliveryWarning({ count, health }: { count: number; health: NotificationHealth | undefined }) {
  const failures = health?.failures ?? [];
  return (
    <section aria-labelledby="delivery-warning-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm" data-testid="delivery-warning">
      <h2 id="delivery-warning-heading" className="flex items-center gap-2 text-lg font-semibold">
        <TriangleAlert aria-hidden size={20} className="shrink-0" />
        有 {count} 則通知送不出去
      </h2>
      <p className="mt-1 text-sm">有人填寫聯絡表單時，員工可能收不到通知。請到通知設定依原因修正，再按「重新傳送」。</p>
      {failures.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" data-testid="delivery-warning-reasons">
          {failures.slice(0, REASONS_SHOWN).map((failure) => (
            <li key={failure.id}>
              <span className="font-semibold">{deliveryChannelLabels[failure.channel] ?? "通知"}</span>（{failure.state === "retrying" ? "仍在重試" : "已停止重試"}）：{failure.error || "未提供原因"}
            </li>
          ))}
          {failures.length > REASONS_SHOWN ? <li>還有 {failures.length - REASONS_SHOWN} 則…</li> : null}
        </ul>
      ) : null}
      <Link to="/admin/line" className={`mt-3 inline-flex min-h-11 items-center rounded-lg font-semibold text-amber-950 underline ${focusRing}`}>
        前往通知設定
      </Link>
    </section>
  );
}

function ActivityList({ query }: { query: { isPending: boolean; isError: boolean; data?: { activities: ActivityItem[] } } }) {
  if (query.isPending) return <p className="mt-4 text-gray-500">載入中...</p>;
  if (query.isError) return <p className="mt-4 text-gray-500">無法載入活動紀錄</p>;
  const items = query.data?.activities ?? [];
  if (items.length === 0) return <p className="mt-4 text-gray-500">目前沒有活動紀錄</p>;
  return (
    <ol className="mt-4 divide-y divide-gray-100" data-testid="activity-list">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{item.summary || item.action}</span>
            {item.admin_name ? <span className="block text-sm text-gray-500">{item.admin_name}</span> : null}
          </span>
          <time dateTime={item.created_at} className="text-sm text-gray-500">
            {formatDateTime(item.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
