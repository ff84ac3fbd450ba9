// TEMPORARY (replaced by this screen before commit).
export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";
export default function Screen() {
  return <p>…</p>;
}
