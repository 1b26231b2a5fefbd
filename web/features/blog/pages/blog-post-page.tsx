import "@/web/site/page-strings";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ArticleBody } from "@/web/components/article-body";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { formatContentDate } from "@/web/lib/date-time";
import { defineSitePage } from "@/web/site/site-page";
import { loadBlogPost, type BlogPost } from "../posts";

function BlogPostPage({ meta, html }: BlogPost) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <a href={paths.blog} className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("blog.allPosts")}
      </a>
      <article className="mt-8">
        <header className="flex flex-col gap-3 border-b pb-8">
          <p className="text-sm text-muted-foreground">
            <time dateTime={meta.date}>{formatContentDate(meta.date)}</time>
            <span aria-hidden="true"> · </span>
            {t("blog.readingTime", { count: meta.readingMinutes })}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{meta.title}</h1>
          <p className="text-lg text-muted-foreground">{meta.summary}</p>
          <p className="text-sm">{t("blog.by", { author: meta.author })}</p>
        </header>
        <ArticleBody html={html} />
      </article>
      <aside className="mt-16 flex flex-col items-start gap-4 rounded-xl border bg-muted/40 p-6 sm:p-8">
        <h2 className="text-xl font-semibold">{t("blog.cta.title")}</h2>
        <p className="text-muted-foreground">{t("blog.cta.description")}</p>
        <Button asChild>
          <a href={paths.signup}>{t("blog.cta.action")}</a>
        </Button>
      </aside>
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: BlogPostPage,
  load: ({ slug }) => (slug ? loadBlogPost(slug) : null),
  head: ({ meta }) => ({ title: meta.title, description: meta.summary, type: "article", publishedTime: meta.date, author: meta.author }),
});
