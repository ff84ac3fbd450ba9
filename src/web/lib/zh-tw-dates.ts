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
