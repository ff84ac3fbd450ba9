// A file's size, said one way on every screen that shows one (docs/product/media.md: base
// 1024, at most two decimals): the media library's grid, list, details and
// upload rows, the trash, the chat's attachments, the backups and the restore's refusals (server and screens alike, so it lives in the contract).

const UNITS = ["KB", "MB", "GB", "TB"] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} 位元組`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[unit]}`;
}
