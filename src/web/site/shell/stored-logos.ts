// The logo chain (000 §8: logo → favicon → default logo → company name) on a
// static page: an image that fails in the browser cannot be swapped without a
// script, so the server leaves out the logos whose uploaded file is missing and
// the page names the first one that is there.
import type { PublicSettings } from "#contract/settings.ts";

const LOGO_SETTINGS = ["header_logo", "footer_logo", "company_logo", "favicon"] as const;

export async function withStoredLogos(
  settings: Partial<PublicSettings>,
  missingUploads: (urls: string[]) => Promise<Set<string>>,
): Promise<Partial<PublicSettings>> {
  const missing = await missingUploads(LOGO_SETTINGS.map((key) => settings[key] ?? ""));
  if (missing.size === 0) return settings;
  const stored = { ...settings };
  for (const key of LOGO_SETTINGS) if (missing.has(stored[key] ?? "")) stored[key] = "";
  return stored;
}
