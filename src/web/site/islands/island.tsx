// An island on a static public page: the component rendered by the server as
// usual, inside a marker that carries its props, followed by the script that
// hydrates it in the browser (the island's own entry; modules run once however
// many times a page names them). The script is fetched at low priority: the
// page's largest picture comes first. Props must survive JSON: data, not functions.
import type { ComponentType } from "react";
import { useStaticPageAssets } from "#web/site/shell/static-page.tsx";
import type { IslandName } from "./island-entries.ts";

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const scripts = useStaticPageAssets()?.islands.scriptsOf(name) ?? [];
  return (
    <>
      <div data-island={name} data-props={JSON.stringify(props)} className="contents">
        <Component {...props} />
      </div>
      {scripts.map((src) => (
        <script key={src} type="module" src={src} fetchPriority="low" />
      ))}
    </>
  );
}
