// Build-time rendering of the public site (run by scripts/build.mjs after the browser build): every page's HTML,
// with the head search engines and link previews read, so the content is there before any JavaScript runs.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { paths } from "@/common/paths";

export { ORIGIN_PLACEHOLDER } from "@/common/site-origin";
import { blogPostSlugs } from "@/web/features/blog/posts";
import type { PageHead } from "./site-page";
import { SiteRoot } from "./site-root";
import { prepareSitePage, siteRoutes } from "./site-routes";

export type RenderedPage = { pathname: string; status: 200 | 404; html: string; head: PageHead; /** The page module, relative to web/site. */ source: string };

/** Every address of the public site: the fixed pages and one per blog post. */
export function sitePathnames(): string[] {
  const fixed = siteRoutes.map((route) => route.path).filter((path) => !path.includes(":"));
  return [...fixed, ...blogPostSlugs().map(paths.blogPost)];
}

export async function renderSitePage(pathname: string): Promise<RenderedPage> {
  const page = await prepareSitePage(pathname);
  const html = renderToString(
    <StrictMode>
      <SiteRoot pathname={pathname}>{page.element}</SiteRoot>
    </StrictMode>,
  );
  return { pathname, status: page.found ? 200 : 404, html, head: page.head, source: page.source };
}
