import { describe, expect, it } from "vitest";
import { loggedUrl } from "./request-log.ts";

describe("the request log's URL", () => {
  it("keeps a download ticket and a theme preview ticket out of the log", () => {
    expect(loggedUrl("/admin-api.php/backups/files/backup-2026-11-26T1405Z.tar.gz?ticket=abc.def")).toBe("/admin-api.php/backups/files/backup-2026-11-26T1405Z.tar.gz?ticket=[redacted]");
    expect(loggedUrl("/?page=2&theme_preview=xyz&x=1")).toBe("/?page=2&theme_preview=[redacted]&x=1");
  });

  it("leaves other addresses as they are", () => {
    expect(loggedUrl("/blog?page=2&tickets=3")).toBe("/blog?page=2&tickets=3");
    expect(loggedUrl("/about")).toBe("/about");
  });
});
