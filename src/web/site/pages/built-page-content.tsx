// A page of staff-written content as visitors get it (a free page, the about
// page): built with the page builder, its tree laid out by the contract's
// renderer (the same HTML the editor previews) with the uploaded pictures at
// their sizes and the uploaded videos as the MP4s the video job made (read
// when the page is served: decision 029); or rich text. Both are HTML the
// server sanitised. Its buttons to the phone and to LINE take the settings of
// the moment (and are left out while a setting is empty). A built page takes the page-builder stylesheet
// (page-builder.css, in the site's) and runs no script, unless it holds a
// YouTube video: then the player island.
import type { ReactNode } from "react";
import type { ResponsivePicture, VideoProcessing } from "#contract/media.ts";
import { uploadedVideoPaths } from "#contract/page-builder/elements/video.ts";
import { elementsOf, renderTree } from "#contract/page-builder/render.ts";
import type { BuilderElement, BuilderTree } from "#contract/page-builder/tree.ts";
import type { ContentPage } from "#contract/pages.ts";
import type { SiteReads } from "#contract/site-reads.ts";
import { Island } from "#web/site/islands/island.tsx";
import { siteLinksOf } from "#web/ui/contact-links.ts";
import { useSiteData } from "#web/ui/site-data.ts";
import { YoutubePlayer } from "./youtube-player.tsx";

/** A tree's uploaded pictures (its images, its videos' posters): those the media library has sizes and variants of. */
export function uploadedPicturePaths(tree: BuilderTree): string[] {
  const pictureOf = (element: BuilderElement) => (element.type === "image" ? element.src : element.type === "video" ? element.poster : "");
  const paths = elementsOf(tree).map(pictureOf).filter((path) => path.startsWith("/uploads/"));
  return [...new Set(paths)];
}

/** What a content page's loader hands its page: the pictures and the uploaded videos' processing of a built page (a rich-text page has neither). */
export async function contentMedia(media: SiteReads["media"], page: ContentPage): Promise<{ pictures: Record<string, ResponsivePicture>; videos: Record<string, VideoProcessing> }> {
  const elements = page.tree ? elementsOf(page.tree) : [];
  const videoPaths = uploadedVideoPaths(elements);
  const videos = videoPaths.length > 0 ? await media.videos(videoPaths) : {};
  const paths = page.tree ? uploadedPicturePaths(page.tree) : [];
  return { pictures: paths.length > 0 ? await media.pictures(paths) : {}, videos };
}

interface ContentPageBodyProps {
  page: ContentPage;
  pictures: Record<string, ResponsivePicture>;
  /** The uploaded videos' processing: each plays as its MP4, its poster while processing (decision 029). */
  videos: Record<string, VideoProcessing>;
  testId: string;
  /** What follows the content in the page's width (the about page's call to action). */
  children?: ReactNode;
}

export function ContentPageBody({ page, pictures, videos, testId, children }: ContentPageBodyProps) {
  const { settings } = useSiteData();
  if (!page.tree) {
    return (
      <div className="container-site py-12">
        {/* Sanitised on the server (an allow-list of the editors' tags): the only HTML a visitor's page takes from staff. */}
        <div className="page-content max-w-3xl" data-testid={testId} dangerouslySetInnerHTML={{ __html: page.html }} />
        {children}
      </div>
    );
  }
  // Containers span the page (their background colours reach the edges); their columns keep to the site's width.
  // The phone and LINE buttons follow the settings of the moment (a settings change drops every cached page).
  const built = renderTree(page.tree, { pictures, videos, links: siteLinksOf(settings) });
  return (
    <>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: built.html }} />
      {built.hasYoutube ? <Island name="youtube-player" wake="load" component={YoutubePlayer} props={{}} /> : null}
      {children ? <div className="container-site pb-12">{children}</div> : null}
    </>
  );
}
