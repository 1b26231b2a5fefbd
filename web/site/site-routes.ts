// The public site's pages by address. Each is pre-rendered at build time and hydrated on its own: moving between
// them is an ordinary page load, so the visitor's browser never downloads the signed-in app to read the blog.
import { paths } from "@/common/paths";
import { preparePage, type PreparedPage, type SitePage } from "./site-page";

// Every page module exports `sitePage`. Keyed by file, so the build can preload a page's code with its HTML.
const pageModules = import.meta.glob<{ sitePage: SitePage<object> }>([
  "../features/landing/pages/landing-page.tsx",
  "../features/blog/pages/blog-page.tsx",
  "../features/blog/pages/blog-post-page.tsx",
  "../features/legal/pages/legal-page.tsx",
  "../features/support/pages/support-page.tsx",
  "../features/not-found/pages/not-found-page.tsx",
]);

export type SiteRoute = {
  /** A path; a `:name` segment matches any one segment. */
  path: string;
  /** The page's module, relative to this file (a key of pageModules). */
  source: string;
  /** Fixed parameters: which document one shared page shows. */
  params?: Record<string, string>;
};

export const siteRoutes: SiteRoute[] = [
  { path: paths.home, source: "../features/landing/pages/landing-page.tsx" },
  { path: paths.blog, source: "../features/blog/pages/blog-page.tsx" },
  { path: `${paths.blog}/:slug`, source: "../features/blog/pages/blog-post-page.tsx" },
  { path: paths.privacy, source: "../features/legal/pages/legal-page.tsx", params: { document: "privacy" } },
  { path: paths.terms, source: "../features/legal/pages/legal-page.tsx", params: { document: "terms" } },
  { path: paths.refundPolicy, source: "../features/legal/pages/legal-page.tsx", params: { document: "refundPolicy" } },
  { path: paths.support, source: "../features/support/pages/support-page.tsx" },
];

const notFoundSource = "../features/not-found/pages/not-found-page.tsx";

async function prepare(source: string, params: Record<string, string>) {
  const load = pageModules[source];
  if (!load) throw new Error(`No site page module at ${source}`);
  return preparePage((await load()).sitePage, params);
}

/** The route and its parameters for a pathname, or null when the public site has no such address. */
export function matchSiteRoute(pathname: string): { route: SiteRoute; params: Record<string, string> } | null {
  const wanted = pathname.split("/");
  for (const route of siteRoutes) {
    const pattern = route.path.split("/");
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = { ...route.params };
    const matches = pattern.every((segment, index) => {
      const value = wanted[index] ?? "";
      if (!segment.startsWith(":")) return segment === value;
      if (value === "") return false;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
        return true;
      } catch {
        return false; // a malformed escape is no page of ours
      }
    });
    if (matches) return { route, params };
  }
  return null;
}

/** The page for a pathname: its own, or the not-found page (`found: false`); `source` names its module. */
export async function prepareSitePage(pathname: string): Promise<PreparedPage & { found: boolean; source: string }> {
  const match = matchSiteRoute(pathname);
  const page = match ? await prepare(match.route.source, match.params) : null;
  if (page && match) return { ...page, found: true, source: match.route.source };
  const notFound = await prepare(notFoundSource, {});
  if (!notFound) throw new Error("The not-found page has no content");
  return { ...notFound, found: false, source: notFoundSource };
}
