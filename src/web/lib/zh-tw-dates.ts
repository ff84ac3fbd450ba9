// Dates and times in the back office, in zh-TW (002 §9). Taiwan has
// one time zone and no daylight saving; times are shown in Asia/Taipei
// whatever the browser's zone, so every administrator reads the same clock.
const dateTime = new Intl.DateTimeFormat("zh-TW", {
  timeZone: "Asia/Taipei",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * "2025/03/04 14:05:09"; empty for a missing or unreadable value. Built from
 * the parts: engines differ in the space they put between date and time.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const part = Object.fromEntries(dateTime.formatToParts(date).map(({ type, value: text }) => [type, text]));
  return `${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/**
 * "2025/03/04" for a calendar day (a case's completion date); empty for a
 * missing or unreadable value. A bare YYYY-MM-DD is that day as written, in
 * any browser zone; a full timestamp is its day in Taiwan.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (day) return Number.isNaN(Date.parse(`${value.trim()}T00:00:00Z`)) ? "" : `${day[1]}/${day[2]}/${day[3]}`;
  return formatDateTime(value).slice(0, 10);
}
