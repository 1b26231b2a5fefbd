// What a page of the public site is: a component, the data it needs (read from the build's own content, so the
// browser can load it again before hydrating) and the head it gives search engines and link previews.
import type { ComponentType, ReactElement } from "react";

export type PageHead = {
  /** The page's own title; the site's name is added ("Blog · Holdup"), except on the home page. */
  title: string;
  description: string;
  /** Open Graph type: an article for blog posts, a website for everything else. */
  type?: "website" | "article";
  publishedTime?: string;
  author?: string;
};

export type SitePage<Props extends object> = {
  Page: ComponentType<Props>;
  /** The page's data for these route parameters; null when there is no such page (an unknown blog post). */
  load: (params: Record<string, string>) => Promise<Props | null> | Props | null;
  head: (props: Props) => PageHead;
};

/** A page ready to render: the element with its data, and its head. */
export type PreparedPage = { element: ReactElement; head: PageHead };

/** Ties a page's parts together so their types agree. */
export const defineSitePage = <Props extends object>(page: SitePage<Props>) => page;

export async function preparePage<Props extends object>(page: SitePage<Props>, params: Record<string, string>): Promise<PreparedPage | null> {
  const props = await page.load(params);
  if (props === null) return null;
  return { element: <page.Page {...props} />, head: page.head(props) };
}
