import { describe, expect, it } from "vitest";
import { BACKUP_FILE_NAME, backupFileName, rowInWords } from "./archive-format.ts";

describe("an archive's name", () => {
  it("is the minute in Taiwan it was made (10:15 there at 02:15 UTC), the clock the screen shows beside it", () => {
    expect(backupFileName(new Date("2026-12-02T02:15:42.000Z"))).toBe("backup-2026-12-02-1015+0800.tar.gz");
    // Past midnight in Taiwan while it is still the day before in UTC.
    expect(backupFileName(new Date("2026-12-31T16:30:00.000Z"))).toBe("backup-2027-01-01-0030+0800.tar.gz");
  });

  it("sorts in the order archives were made, a second in the same minute after the first", () => {
    const first = backupFileName(new Date("2026-12-02T02:15:00.000Z"));
    const second = backupFileName(new Date("2026-12-02T02:15:00.000Z"), 2);
    const later = backupFileName(new Date("2026-12-02T02:16:00.000Z"));
    expect(second).toBe("backup-2026-12-02-1015+0800_2.tar.gz");
    expect([later, second, first].sort()).toEqual([first, second, later]);
  });

  it("is recognised in the new form and in the UTC form of archives made before, and nothing else", () => {
    for (const name of ["backup-2026-12-02-1015+0800.tar.gz", "backup-2026-12-02-1015+0800_3.tar.gz", "backup-2026-11-26T1405Z.tar.gz", "backup-2026-11-26T1405Z-2.tar.gz"]) {
      expect(BACKUP_FILE_NAME.test(name), name).toBe(true);
    }
    for (const name of ["backup-2026-12-02-1015+0900.tar.gz", "backup-2026-12-02-1015.tar.gz", "backup-2026-12-02-1015+0800.tar.gz.part", "../backup-2026-12-02-1015+0800.tar.gz", ".restore-00.tar.gz"]) {
      expect(BACKUP_FILE_NAME.test(name), name).toBe(false);
    }
  });
});

describe("a refused row in words", () => {
  it("is named by its title or name and the time it was made in Taiwan, shortened", () => {
    expect(rowInWords({ id: 12, name: "林小姐", created_at: "2026-01-01T00:00:00.000Z" })).toBe("「林小姐」（2026-01-01 08:00）那一筆");
    expect(rowInWords({ title: `${"年終大掃除".repeat(5)}優惠`, created_at: "not a time" })).toBe("「年終大掃除年終大掃除年終大掃除年終大掃除…」那一筆");
    expect(rowInWords({ key: "site_title", value: "x" })).toBe("有一筆");
  });
});
