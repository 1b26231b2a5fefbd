import "@/web/site/page-strings";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import type { BlogPostMeta } from "@/common/content";
import { formatContentDate } from "@/web/lib/date-time";
import { i18next } from "@/web/lib/i18n";
import { defineSitePage } from "@/web/site/site-page";
import { blogPosts } from "../posts";

function BlogPage({ posts }: { posts: BlogPostMeta[] }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-20">
      <h1 className="text-4xl font-bold tracking-tight">{t("blog.title")}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{t("blog.description")}</p>
      <ol className="mt-12 flex flex-col divide-y">
        {posts.map((post) => (
          <li key={post.slug} className="py-8 first:pt-0">
            <article className="group relative flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">
                <time dateTime={post.date}>{formatContentDate(post.date)}</time>
                <span aria-hidden="true"> · </span>
                {t("blog.readingTime", { count: post.readingMinutes })}
              </p>
              <h2 className="text-2xl font-semibold tracking-tight">
                <a href={paths.blogPost(post.slug)} className="rounded-sm after:absolute after:inset-0 group-hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  {post.title}
                </a>
              </h2>
              <p className="text-muted-foreground">{post.summary}</p>
              <p className="text-sm">{t("blog.by", { author: post.author })}</p>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: BlogPage,
  load: () => ({ posts: blogPosts() }),
  head: () => ({ title: i18next.t("blog.title"), description: i18next.t("blog.description") }),
});
