// One contact detail as a term and its value, the value a link when it can be
// dialled, mailed or found on the map: a 44 px tap target (WCAG 2.5.5) that
// takes no more room than a line of text. Shared by the home page's contact
// band and the contact page's panel.
import type { ContactItem } from "./contact-items.ts";

export function ContactItemEntry({ item, className, iconClassName }: { item: ContactItem; className: string; iconClassName: string }) {
  return (
    // One div per term (the only wrapper a <dl> allows); the icon belongs to the term.
    <div className={className}>
      <dt className="text-sm text-ink-muted">
        <item.icon aria-hidden className={iconClassName} size={20} />
        {item.label}
      </dt>
      <dd className="font-medium text-ink">
        {item.href ? (
          <a href={item.href} className="-my-2.5 inline-flex min-h-11 items-center break-all hover:text-primary-700 hover:underline">
            {item.value}
          </a>
        ) : (
          item.value
        )}
      </dd>
    </div>
  );
}
