// A post's publication day as a reader in Taiwan says it ("2026年11月24日"),
// on Taiwan's clock whatever the server's zone: a post published at 01:30 in
// Taipei is that day's, not the previous day's in UTC.
const longDate = new Intl.DateTimeFormat("zh-TW", { timeZone: "Asia/Taipei", dateStyle: "long" });

/** Empty for a missing or unreadable time. */
export function publishedDay(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? "" : longDate.format(time);
}
