import "@/web/site/page-strings";
import { useTranslation } from "react-i18next";
import { ArticleBody } from "@/web/components/article-body";
import { formatContentDate } from "@/web/lib/date-time";
import { defineSitePage } from "@/web/site/site-page";
import { loadLegalDocument, type LegalDocument, type LegalDocumentName } from "../documents";

function LegalPage({ meta, html }: LegalDocument) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <article>
        <header className="flex flex-col gap-2 border-b pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{meta.title}</h1>
          <p className="text-sm text-muted-foreground">
            {t("legal.updated")} <time dateTime={meta.updated}>{formatContentDate(meta.updated)}</time>
          </p>
        </header>
        <ArticleBody html={html} />
      </article>
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: LegalPage,
  load: ({ document }) => loadLegalDocument(document as LegalDocumentName),
  head: ({ meta }) => ({ title: meta.title, description: meta.summary }),
});
