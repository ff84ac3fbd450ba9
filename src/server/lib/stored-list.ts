// Lists kept in one text column as JSON (a service's features, a case's
// pictures): read back as strings only; a damaged value reads as empty rather
// than failing the page that shows it.
export function parseStoredList(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}
