// An island on a static public page: the component rendered by the server as
// usual, inside a marker that carries its props, followed by a tiny inline
// loader that imports the island's script (modules run once however many times
// a page names them). Until then the page works as the server sent it (links,
// forms that post): the island only adds to it. An island that must move on
// its own (the banners) wakes once the page has loaded, so its script never
// competes with the page's largest picture for a phone's bandwidth; the others
// wake when the visitor first points at, touches, scrolls or types into the
// page, so a visitor who only reads never runs them
// (docs/decisions/047-light-to-parse.md). Props must survive JSON: data, not
// functions.
import type { ComponentType } from "react";
import type { IslandName } from "#contract/islands.ts";
import { useStaticPageAssets } from "#web/site/shell/static-page.tsx";

/** After the load event, how long the islands' code waits: the largest picture, loaded by then, is painted first (a phone paints it up to ~200 ms after `load`). */
const AFTER_LOAD_MS = 250;

/** When an island's script runs: once the page has loaded, or at the visitor's first touch. */
export type IslandWake = "load" | "touch";

/** What counts as a first touch: on a phone a tap or a scroll starts with touchstart, on a computer with the pointer or a key. */
export const TOUCH_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "wheel", "scroll"] as const;
const TOUCH_EVENTS_JSON = JSON.stringify(TOUCH_EVENTS);

/**
 * The loader's text: the scripts in order (development's preamble first). Woken at load: once
 * the page has loaded and a moment more, as a background-priority task, so the page's largest
 * picture is painted before any island's code is fetched (the scheduler's own delay, not a
 * page timer: tests that pause the page's clock still get their islands). Woken by a touch: at
 * the first of those events anywhere on the page; what the visitor typed meanwhile is kept
 * (hydrate-island.tsx).
 */
export function islandLoader(scripts: readonly string[], wake: IslandWake): string {
  const run = `async()=>{for(const src of ${JSON.stringify(scripts)})await import(src)}`;
  if (wake === "touch") {
    return `{const run=${run},events=${TOUCH_EVENTS_JSON},wake=()=>{for(const type of events)removeEventListener(type,wake,true);run()};for(const type of events)addEventListener(type,wake,{capture:true,passive:true})}`;
  }
  const idle = `()=>"scheduler"in window?scheduler.postTask(run,{priority:"background",delay:${AFTER_LOAD_MS}}):setTimeout(run,${AFTER_LOAD_MS})`;
  return `{const run=${run},later=${idle};document.readyState==="complete"?later():addEventListener("load",later,{once:true})}`;
}

interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  wake: IslandWake;
}

export function Island<P extends object>({ name, component: Component, props, wake }: IslandProps<P>) {
  const assets = useStaticPageAssets();
  const scripts = assets?.islands.scriptsOf(name) ?? [];
  return (
    <>
      <div data-island={name} data-wake={wake} data-props={JSON.stringify(props)} className="contents">
        <Component {...props} />
      </div>
      {/* Ours: marked with this render's mark, so the page's Content-Security-Policy allows it by its hash (ssr/content-security-policy.ts). */}
      {scripts.length > 0 ? <script type="module" nonce={assets?.scriptMark} dangerouslySetInnerHTML={{ __html: islandLoader(scripts, wake) }} /> : null}
    </>
  );
}
