// Every route, search or hash change starts at the top (000 section 2); a hash
// that names an element on the page (e.g. /contact#map) scrolls to it instead.
import { useEffect } from "react";
import { useLocation } from "react-router";

export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
    else window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, hash]);
  return null;
}
