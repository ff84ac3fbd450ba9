// An island on a static public page: the component rendered by the server as
// usual, inside a marker that carries its props, followed by a tiny inline
// loader that imports the island's script once the page has loaded (modules
// run once however many times a page names them). Until then the page works
// as the server sent it (links, forms that post): the island only adds to it,
// and its script never competes with the page's largest picture for a phone's
// bandwidth. Props must survive JSON: data, not functions.
import type { ComponentType } from "react";
import type { IslandName } from "#contract/islands.ts";
import { useStaticPageAssets } from "#web/site/shell/static-page.tsx";

/** After the load event, how long the islands' code waits: the largest picture, loaded by then, is painted first (a phone paints it up to ~200 ms after `load`). */
const AFTER_LOAD_MS = 250;

/**
 * The loader's text: the scripts in order (development's preamble first), once the page
 * has loaded and a moment more, as a background-priority task: the page's largest picture
 * is painted before any island's code is fetched. (The scheduler's own delay, not a page
 * timer: tests that pause the page's clock still get their islands.)
 */
export function islandLoader(scripts: readonly string[]): string {
  const run = `async()=>{for(const src of ${JSON.stringify(scripts)})await import(src)}`;
  const idle = `()=>"scheduler"in window?scheduler.postTask(run,{priority:"background",delay:${AFTER_LOAD_MS}}):setTimeout(run,${AFTER_LOAD_MS})`;
  return `{const run=${run},later=${idle};document.readyState==="complete"?later():addEventListener("load",later,{once:true})}`;
}

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const assets = useStaticPageAssets();
  const scripts = assets?.islands.scriptsOf(name) ?? [];
  return (
    <>
      <div data-island={name} data-props={JSON.stringify(props)} className="contents">
        <Component {...props} />
      </div>
      {/* Ours: marked with this render's mark, so the page's Content-Security-Policy allows it by its hash (ssr/content-security-policy.ts). */}
      {scripts.length > 0 ? <script type="module" nonce={assets?.scriptMark} dangerouslySetInnerHTML={{ __html: islandLoader(scripts) }} /> : null}
    </>
  );
}
