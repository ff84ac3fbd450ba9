// The 服務項目 page's summary of the service items (the dashboard's
// "products"): how many there are and how many visitors can see.
import type { ServiceItem } from "#contract/services.ts";

export interface ProductSummary {
  total: number;
  /** Active items, shown on the website. */
  shown: number;
}

export function productSummary(items: readonly Pick<ServiceItem, "is_active">[]): ProductSummary {
  return { total: items.length, shown: items.filter((item) => item.is_active === 1).length };
}

/** The line under the count, in people's words. */
export function summaryDetail({ total, shown }: ProductSummary): string {
  if (total === 0) return "目前還沒有服務項目，到「服務管理」新增第一個";
  if (shown === total) return "全部都在網站上顯示";
  if (shown === 0) return "目前都已停用，網站上不會顯示";
  return `其中 ${shown} 個在網站上顯示，${total - shown} 個已停用`;
}
