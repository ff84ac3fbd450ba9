// The last backup's result and the schedule, in people's words: 最後備份時間
// and 大小, or why the last one failed, or 尚未備份; 備份中… (還原中… for a
// restore) while one runs; 已關閉自動備份 when the schedule is off. Shown on
// 備份與還原 and on the dashboard.
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { backupFrequencyLabels, backupStatusLabels, runStatusLabel, type BackupSummary } from "#contract/backups.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

const when = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : "—");

export function BackupStatus({ summary }: { summary: BackupSummary }) {
  const { last, running, schedule } = summary;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="backup-status">
      <div>
        <dt className="text-sm text-gray-600">最後備份時間</dt>
        <dd className="mt-1 font-semibold" data-testid="backup-last-time">
          {last ? when(last.finished_at ?? last.started_at) : "尚未備份"}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600">大小</dt>
        <dd className="mt-1 font-semibold" data-testid="backup-last-size">
          {last?.status === "succeeded" ? formatFileSize(last.size) : "—"}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600">狀態</dt>
        <dd className="mt-1" data-testid="backup-last-status">
          {running ? (
            <span className="flex items-center gap-1.5 font-semibold text-blue-700">
              <LoaderCircle aria-hidden size={18} className="animate-spin" />
              {runStatusLabel(running)}
            </span>
          ) : last ? (
            <span className={`flex items-start gap-1.5 font-semibold ${last.status === "failed" ? "text-red-700" : "text-green-700"}`}>
              {last.status === "failed" ? <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" /> : <CircleCheck aria-hidden size={18} className="mt-0.5 shrink-0" />}
              {backupStatusLabels[last.status]}
            </span>
          ) : (
            <span className="font-semibold text-gray-700">尚未備份</span>
          )}
          {!running && last?.status === "failed" && last.error ? (
            <span className="mt-1 block text-sm text-red-700" data-testid="backup-last-error">
              {last.error}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600">自動備份</dt>
        <dd className="mt-1 font-semibold" data-testid="backup-schedule">
          {schedule.frequency === "never" ? (
            "已關閉自動備份"
          ) : (
            <>
              {backupFrequencyLabels[schedule.frequency]}，保留最新 {schedule.keep} 份
              {schedule.next_run_at ? <span className="block text-sm font-normal text-gray-700">下次：{when(schedule.next_run_at)}</span> : null}
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
