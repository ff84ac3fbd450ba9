// The services' guarantees (服務保證) as chips: the services page's section and the home page's core services show the same list.
export function GuaranteeBadges({ badges }: { badges: readonly string[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="服務保證">
      {badges.map((badge) => (
        <li key={badge} className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">
          {badge}
        </li>
      ))}
    </ul>
  );
}
