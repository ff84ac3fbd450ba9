import { describe, expect, it } from "vitest";
import { formatBackupSize } from "#contract/backups.ts";
import { failureInWords, monthAfter, nextBackupAt, nextQuietHour } from "./backup-schedule.ts";

describe("when the schedule's next backup runs", () => {
  const now = new Date("2026-11-26T05:00:00.000Z");

  it("is a day, a week or a calendar month after the last backup started; never when backups are off", () => {
    const last = "2026-11-25T19:00:00.000Z";
    expect(nextBackupAt("daily", last, now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextBackupAt("weekly", last, now)?.toISOString()).toBe("2026-12-02T19:00:00.000Z");
    expect(nextBackupAt("monthly", last, now)?.toISOString()).toBe("2026-12-25T19:00:00.000Z");
    expect(nextBackupAt("never", last, now)).toBeNull();
  });

  it("is at once (a time already past) when the site was down longer than the period", () => {
    expect(nextBackupAt("daily", "2026-11-01T19:00:00.000Z", now)!.getTime()).toBeLessThan(now.getTime());
  });

  it("before the first backup: the next 03:00 in Taiwan, the same on every instance that day", () => {
    expect(nextBackupAt("weekly", null, now)?.toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextQuietHour(new Date("2026-11-26T18:59:59.000Z")).toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(nextQuietHour(new Date("2026-11-26T19:00:00.000Z")).toISOString()).toBe("2026-11-27T19:00:00.000Z");
  });

  it("a month after the 31st is the month's last day", () => {
    expect(monthAfter(new Date("2026-01-31T19:00:00.000Z")).toISOString()).toBe("2026-02-28T19:00:00.000Z");
    expect(monthAfter(new Date("2026-12-31T19:00:00.000Z")).toISOString()).toBe("2027-01-31T19:00:00.000Z");
  });
});

describe("words for people", () => {
  it("say why a backup failed without the system's own message", () => {
    expect(failureInWords(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))).toMatch(/^備份失敗：伺服器的磁碟空間不足/);
    expect(failureInWords(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toMatch(/權限/);
    expect(failureInWords(new Error("TypeError: x is undefined"))).not.toMatch(/TypeError/);
  });

  it("give sizes in KB, MB and GB", () => {
    expect(formatBackupSize(512)).toBe("512 位元組");
    expect(formatBackupSize(1536)).toBe("1.5 KB");
    expect(formatBackupSize(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBackupSize(2.25 * 1024 ** 3)).toBe("2.3 GB");
  });
});
