// What the gallery shows of a case (000 §2, §3), made by the loader from the
// module's Portfolio: only the fields a card and the detail show, so the
// island's props (JSON in the page) stay small, with the card's rules applied
// on the server (the island imports no contract code that would bring zod).
import type { ResponsivePicture } from "#contract/media.ts";
import { CARD_FEATURE_TAGS, picturesOfCase, type Portfolio } from "#contract/portfolios.ts";

export interface PhotoGroupView {
  title: string;
  description: string;
  /** Site paths; "" when the group has none. */
  before: string;
  after: string;
  singles: string[];
}

export interface CaseView {
  id: number;
  title: string;
  /** The service type's name. */
  serviceType: string;
  /** Where the work was done (the case's `client`). */
  location: string;
  /** YYYY-MM-DD, or null when not given. */
  completedAt: string | null;
  description: string;
  /** Every service feature; the card shows the first `cardTagCount`, then '+N' for the rest. */
  features: string[];
  cardTagCount: number;
  /** The card's picture: the first after picture, else the first picture; "" for a case without any. */
  cover: string;
  /** The groups that show something (a picture or a description), in order. */
  groups: PhotoGroupView[];
}

/** The first after picture, else the first picture of the case (what a card shows). */
export function coverOf(portfolio: Pick<Portfolio, "photo_groups">): string {
  return portfolio.photo_groups.find((group) => group.after_image)?.after_image ?? picturesOfCase(portfolio)[0] ?? "";
}

export function caseViewOf(portfolio: Portfolio): CaseView {
  const features = portfolio.technologies.map((feature) => feature.trim()).filter(Boolean);
  return {
    id: portfolio.id,
    title: portfolio.title,
    serviceType: portfolio.category_label,
    location: portfolio.client,
    completedAt: portfolio.completed_at,
    description: portfolio.description,
    features,
    cardTagCount: Math.min(CARD_FEATURE_TAGS, features.length),
    cover: coverOf(portfolio),
    groups: portfolio.photo_groups
      .map((group) => ({ title: group.title, description: group.description, before: group.before_image, after: group.after_image, singles: group.single_images.filter(Boolean) }))
      .filter((group) => group.before || group.after || group.singles.length > 0 || group.description.trim()),
  };
}

/** Every picture a case's card and detail show. */
export const picturePathsOf = (view: CaseView): string[] => [view.cover, ...view.groups.flatMap((group) => [group.before, group.after, ...group.singles])].filter(Boolean);

/**
 * The pictures as the gallery's island receives them: without their blurred
 * placeholders (the largest part of a picture's description). The cards are
 * painted by the server with theirs; the detail opens on request.
 */
export function withoutPlaceholders(pictures: Record<string, ResponsivePicture>): Record<string, ResponsivePicture> {
  return Object.fromEntries(Object.entries(pictures).map(([path, picture]) => [path, { ...picture, placeholder: "" }]));
}
