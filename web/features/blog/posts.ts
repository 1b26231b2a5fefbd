// The blog's posts: Markdown files in content/blog, compiled at build time (scripts/vite-site-plugins.ts).
import type { BlogPostMeta } from "@/common/content";

const metas = import.meta.glob<BlogPostMeta>("../../../content/blog/*.md", { query: "?meta", import: "meta", eager: true });
const bodies = import.meta.glob<string>("../../../content/blog/*.md", { import: "html" });

/** Newest first; posts of the same day by title. */
export const blogPosts = (): BlogPostMeta[] => Object.values(metas).sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

export const blogPostSlugs = () => blogPosts().map((post) => post.slug);

export type BlogPost = { meta: BlogPostMeta; html: string };

/** A post and its HTML; null for a slug that is no post. */
export async function loadBlogPost(slug: string): Promise<BlogPost | null> {
  const meta = blogPosts().find((post) => post.slug === slug);
  const loadBody = Object.entries(bodies).find(([file]) => file.endsWith(`/${slug}.md`))?.[1];
  if (!meta || !loadBody) return null;
  return { meta, html: await loadBody() };
}
