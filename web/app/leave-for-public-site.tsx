// The public pages (landing, blog, legal, support) are their own pre-rendered documents (web/site). A link to one
// from inside the app hands over with a page load, as a link from GitHub's app to its marketing pages does.
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { FullScreenSpinner } from "@/web/components/ui/spinner";

// Shown only when the site was not built: its frame stays out of the app's first download.
const NotFoundInSite = lazy(async () => ({ default: (await import("./not-found-in-site")).NotFoundInSite }));

// The address this document was loaded at: if the server sent the app here, it has no public page for it
// (the site was not built), and loading it again would only loop. (None on the server, which renders no such page.)
const documentPathname = typeof window === "undefined" ? undefined : window.location.pathname;

export function LeaveForPublicSite() {
  const location = useLocation();
  const href = `${location.pathname}${location.search}${location.hash}`;
  const servedHere = location.pathname === documentPathname;
  useEffect(() => {
    if (!servedHere) window.location.replace(href);
  }, [href, servedHere]);
  return servedHere ? (
    <Suspense fallback={<FullScreenSpinner />}>
      <NotFoundInSite />
    </Suspense>
  ) : (
    <FullScreenSpinner />
  );
}
