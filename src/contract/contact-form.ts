// The public contact form's limits, texts and first values (000 §5, §8), apart
// from the zod rules of contact.ts so that the form's island carries no zod.

export const CONTACT_LIMITS = { name: 60, email: 254, phone: 30, company: 100, subject: 150, message: 5000, source: 100 } as const;

/** A message sent sooner than this after the form was shown is probably a robot's: kept, marked suspect, not notified at once. */
export const MIN_FILL_MS = 3000;

/** Server-side texts of the form (000 §8). */
export const CONTACT_MESSAGES = {
  sent: "感謝您的來信！我們將盡快回覆您。",
  failed: "傳送失敗，請稍後再試",
  offline: "傳送失敗，請檢查網路連線",
  tooMany: "送出的次數太多了，請稍後再試，或直接來電與我們聯絡",
} as const;

/**
 * The form's first values from the page's query (000 §5): ?service= fills an empty
 * subject with 諮詢服務：{service}; ?message= fills an empty message; a service alone
 * asks politely about it.
 */
export function prefillFromQuery(query: { service?: string | null; message?: string | null }, current: { subject?: string; message?: string } = {}) {
  const service = query.service?.trim() ?? "";
  const message = query.message?.trim() ?? "";
  let subject = current.subject ?? "";
  let body = current.message ?? "";
  if (!subject && service) subject = `諮詢服務：${service}`;
  if (!body && message) body = message;
  else if (!body && service) body = `您好，我想了解「${service}」的服務內容與報價，麻煩與我聯絡，謝謝。`;
  return { subject: subject.slice(0, CONTACT_LIMITS.subject), message: body.slice(0, CONTACT_LIMITS.message) };
}

/** How a form post without JavaScript came out, for the page to show (the same texts as the API's). */
export type ContactFormOutcome =
  | { sent: true }
  | { sent: false; message: string; errors: Record<string, string>; status: number };
