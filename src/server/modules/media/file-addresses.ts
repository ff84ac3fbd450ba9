// The uploaded files a piece of stored content points at. Content keeps files
// as `/uploads/<key>` addresses (integrations/storage.ts), in a field of its
// own (a banner's image_url), inside JSON (a services page's service card
// `image`, any later builder element) or inside HTML (<img src>, <video>,
// <source>, <a href> to a PDF). Rather than knowing every place a file can
// sit, the walkers find every uploads address in every string: a field added
// tomorrow is registered without anyone remembering to.

/** An uploads address: the key shape storage.ts gives files (year/month/name.ext), absolute or not. */
const UPLOAD_ADDRESS = /\/uploads\/[0-9]{4}\/[0-9]{2}\/[a-z0-9-]+\.[a-z0-9]+/g;

/** Every uploads address in a text (HTML, JSON, a plain field), each once, as the site path `/uploads/…`. */
export function uploadAddressesIn(text: string): string[] {
  return [...new Set(text.match(UPLOAD_ADDRESS) ?? [])];
}

/**
 * The uploads addresses in a value parsed from JSON, by the name of the property
 * that holds each (`image` of a service card, `html` of a builder save); strings
 * that are not under a property count as `fallbackField`.
 */
export function uploadAddressesByField(value: unknown, fallbackField: string): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  const walk = (node: unknown, field: string, depth: number) => {
    if (depth > 32) return;
    if (typeof node === "string") {
      for (const address of uploadAddressesIn(node)) (found[field] ??= new Set()).add(address);
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item, field, depth + 1);
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) walk(child, key, depth + 1);
    }
  };
  walk(value, fallbackField, 0);
  return Object.fromEntries(Object.entries(found).map(([field, addresses]) => [field, [...addresses]]));
}

/** A page's content: JSON (the built-in pages, the page builder) walked by property, or HTML as a whole under `html`. */
export function uploadAddressesOfPageContent(content: string): Record<string, string[]> {
  const trimmed = content.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return uploadAddressesByField(JSON.parse(trimmed), "html");
    } catch {
      // Not JSON after all: legacy HTML that starts with a brace.
    }
  }
  const addresses = uploadAddressesIn(content);
  return addresses.length > 0 ? { html: addresses } : {};
}
