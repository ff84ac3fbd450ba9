// Development only (npm run dev): the preamble React Router's scripts run
// before any module that Vite gave hot reload. A static public page has no
// router scripts, so its islands run this first (server/ssr/island-assets.ts).
// @ts-expect-error A module of React Router's Vite plugin, served by Vite in development only.
import RefreshRuntime from "virtual:react-router/hmr-runtime";

const refresh = RefreshRuntime as { injectIntoGlobalHook(target: Window): void };
refresh.injectIntoGlobalHook(window);
Object.assign(window, {
  $RefreshReg$: () => {},
  $RefreshSig$: () => (type: unknown) => type,
  __vite_plugin_react_preamble_installed__: true,
});
