// The customer list's parts (002 §2.5, §9): the avatar (the LINE picture, else
// the name's first character), the tag filter and one row a
// customer — name, 已封鎖, last message, time, the unread badge capped at 99+,
// the first two tags and a count; a search's words marked, and the part of
// the staff's note that holds them. A row opens the chat.
import { useId, useState } from "react";
import { Link } from "react-router";
import { CUSTOMER_TAG_FILTERS, type Customer } from "#contract/customers.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FoundExcerpt } from "#web/admin/shared/found-excerpt.tsx";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";
import { customerInitial, customerName, INBOX_TEXTS, listTime, tagSummary, unreadBadge } from "./customer-inbox.ts";

const AVATAR_SIZES = { md: "size-12 text-lg", sm: "size-10 text-base" } as const;

export function CustomerAvatar({ customer, size = "md" }: { customer: Pick<Customer, "display_name" | "line_user_tail" | "picture_url">; size?: keyof typeof AVATAR_SIZES }) {
  const [broken, setBroken] = useState("");
  const picture = customer.picture_url;
  if (picture && broken !== picture) {
    return <img src={picture} alt="" onError={() => setBroken(picture)} className={`${AVATAR_SIZES[size]} shrink-0 rounded-full bg-gray-100 object-cover`} data-testid="customer-avatar" />;
  }
  return (
    <span aria-hidden className={`${AVATAR_SIZES[size]} grid shrink-0 place-items-center rounded-full bg-green-600 font-semibold text-white`} data-testid="customer-initial">
      {customerInitial(customer)}
    </span>
  );
}

export function BlockedBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800" data-testid="customer-blocked">
      {INBOX_TEXTS.blocked}
    </span>
  );
}

export function TagChips({ tags, all = false, search = "" }: { tags: readonly string[]; all?: boolean; search?: string }) {
  const { shown, more } = all ? { shown: [...tags], more: 0 } : tagSummary(tags);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="標籤" data-testid="customer-tags">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-inset ring-blue-200" data-testid="customer-tag">
          <HighlightedText text={tag} search={search} />
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700" data-testid="customer-tag-more">
          +{more}
          <span className="sr-only"> 個標籤</span>
        </li>
      ) : null}
    </ul>
  );
}

export function TagFilter({ value, onChange }: { value: string; onChange(tag: string): void }) {
  const labelId = useId();
  const choices = ["", ...CUSTOMER_TAG_FILTERS];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium text-gray-700">
        標籤篩選
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2" data-testid="customer-tag-filter">
        {choices.map((tag) => {
          const on = tag === value;
          return (
            <button
              key={tag || "all"}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(tag)}
              className={`min-h-11 rounded-lg border px-3.5 text-sm font-medium ${focusRing} ${on ? "border-blue-600 bg-blue-600 text-white" : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50"}`}
            >
              {tag || "全部"}
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface CustomerRowsProps {
  customers: readonly Customer[];
  /** The list's address (page, search, tag): the chat's 返回 leads back to it. */
  listSearch: string;
  busy: boolean;
  /** The list's search ('' for none). */
  search: string;
}

/** One link a customer; the link's name says who, how many are unread and the last message. */
export function CustomerRows({ customers, listSearch, busy, search }: CustomerRowsProps) {
  return (
    <ul className={`divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white text-gray-900 shadow-sm ${busy ? "opacity-60" : ""}`} aria-busy={busy || undefined} data-testid="customer-list">
      {customers.map((customer) => {
        const name = customerName(customer);
        const badge = unreadBadge(customer.unread_count);
        return (
          <li key={customer.id} data-testid="customer-row" data-id={customer.id}>
            <Link
              to={`/admin/customers/${customer.id}`}
              state={{ listSearch }}
              className={`flex items-start gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600`}
            >
              <CustomerAvatar customer={customer} />
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <span className={`truncate ${badge ? "font-bold" : "font-semibold"}`} data-testid="customer-name">
                    <HighlightedText text={name} search={search} />
                  </span>
                  {customer.is_following ? null : <BlockedBadge />}
                  <span className="ml-auto shrink-0 text-xs text-gray-600" data-testid="customer-time">
                    {listTime(customer.last_interaction)}
                  </span>
                </div>
                <div className="mt-0.5 flex items-center gap-2">
                  <p className={`min-w-0 flex-1 truncate text-sm ${badge ? "font-medium text-gray-900" : "text-gray-600"}`} data-testid="customer-last-message">
                    {customer.last_message ? <HighlightedText text={customer.last_message} search={search} /> : INBOX_TEXTS.noMessages}
                  </p>
                  {badge ? (
                    <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="customer-unread">
                      {badge}
                      <span className="sr-only"> 則未讀</span>
                    </span>
                  ) : null}
                </div>
                <FoundExcerpt label="備註" text={customer.notes} search={search} testId="customer-found" />
                <div className="mt-1 empty:hidden">
                  <TagChips tags={customer.tags} search={search} />
                </div>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
