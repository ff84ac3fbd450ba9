import { describe, expect, it } from "vitest";
import { ARCHIVE_MESSAGES, BackupArchiveError } from "./archive-format.ts";
import { failureInWords, nextBackupAt, nextQuietHour, quietHourAfter } from "./backup-schedule.ts";
import { restoreFailureInWords } from "./backups.service.ts";
import { RestoreFilesError, RestoreTimeLimitError } from "./restore-backup.ts";

describe("when the schedule's next backup runs", () => {
  const now = new Date("2026-11-26T05:00:00.000Z");

  it("is at 03:00 in Taiwan a day, a week or a calendar month after the last scheduled backup; never when backups are off", () => {
    const last = "2026-11-25T19:00:00.000Z";
    expect(nextBackupAt("daily", last, now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextBackupAt("weekly", last, now)?.toISOString()).toBe("2026-12-02T19:00:00.000Z");
    expect(nextBackupAt("monthly", last, now)?.toISOString()).toBe("2026-12-25T19:00:00.000Z");
    expect(nextBackupAt("never", last, now)).toBeNull();
  });

  it("stays at 03:00 in Taiwan whenever the last one ran (late, or at once after the site was down)", () => {
    // 10:00 and 23:59 in Taiwan on the 26th: the next is the 27th at 03:00, not a day after that run.
    expect(nextBackupAt("daily", "2026-11-26T02:00:00.000Z", now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextBackupAt("daily", "2026-11-26T15:59:00.000Z", now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextBackupAt("weekly", "2026-11-26T02:00:00.000Z", now)?.toISOString()).toBe("2026-12-02T19:00:00.000Z");
  });

  it("is at once (a time already past) when the site was down longer than the period", () => {
    expect(nextBackupAt("daily", "2026-11-01T19:00:00.000Z", now)!.getTime()).toBeLessThan(now.getTime());
  });

  it("before the first backup: the next 03:00 in Taiwan, the same on every instance that day", () => {
    expect(nextBackupAt("weekly", null, now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextQuietHour(new Date("2026-11-26T18:59:59.000Z")).toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextQuietHour(new Date("2026-11-26T19:00:00.000Z")).toISOString()).toBe("2026-11-27T19:00:00.000Z");
  });

  it("a month after the 31st (in Taiwan) is the month's last day", () => {
    // 03:00 on 31 January in Taiwan is 19:00 UTC on the 30th.
    expect(quietHourAfter(new Date("2026-01-30T19:00:00.000Z"), { months: 1 }).toISOString()).toBe("2026-02-27T19:00:00.000Z");
    expect(quietHourAfter(new Date("2026-12-30T19:00:00.000Z"), { months: 1 }).toISOString()).toBe("2027-01-30T19:00:00.000Z");
  });
});

describe("words for people", () => {
  it("say why a backup failed without the system's own message", () => {
    expect(failureInWords(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))).toMatch(/^備份失敗：伺服器的磁碟空間不足/);
    expect(failureInWords(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toMatch(/權限/);
    expect(failureInWords(new Error("TypeError: x is undefined"))).not.toMatch(/TypeError/);
  });

  it("say whether a failed restore changed the site: never 'nothing changed' once the database was replaced", () => {
    expect(restoreFailureInWords(new BackupArchiveError(ARCHIVE_MESSAGES.notABackup))).toBe("這個檔案不是本網站的備份，或已經損毀。網站沒有被變更。");
    expect(restoreFailureInWords(new RestoreFilesError(new BackupArchiveError(ARCHIVE_MESSAGES.notABackup)))).toMatch(/^還原沒有完成：網站的資料和檔案已經換成備份檔的內容/);
    expect(restoreFailureInWords(new RestoreTimeLimitError(30 * 60_000))).toBe(
      "還原超過 30 分鐘仍未完成，已停止。網站沒有被變更。請確認這是本網站做出的備份；網站很大時，請在伺服器上用指令還原。",
    );
    expect(restoreFailureInWords(Object.assign(new Error("ENOSPC"), { code: "ENOSPC" }))).toMatch(/磁碟空間不足。網站沒有被變更/);
    expect(restoreFailureInWords(new Error("TypeError: x is undefined"))).not.toMatch(/TypeError/);
  });
});
