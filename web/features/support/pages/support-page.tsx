import "@/web/site/page-strings";
import { BookOpen, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TEN_EXAMPLES_POST_SLUG } from "@/common/blog";
import { paths } from "@/common/paths";
import { i18next } from "@/web/lib/i18n";
import { defineSitePage } from "@/web/site/site-page";
import { SupportForm } from "../components/support-form";

function SupportPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-12 sm:py-16 md:grid-cols-[1fr_1.4fr]">
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("support.title")}</h1>
        <p className="text-lg text-muted-foreground">{t("support.description")}</p>
        <ul className="mt-2 flex flex-col gap-4 text-sm">
          <li className="flex gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{t("support.responseTime")}</span>
          </li>
          <li className="flex gap-3">
            <BookOpen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              {t("support.readFirst")}{" "}
              <a href={paths.blogPost(TEN_EXAMPLES_POST_SLUG)} className="font-medium text-primary underline-offset-4 hover:underline">
                {t("support.examplesLink")}
              </a>
            </span>
          </li>
        </ul>
      </div>
      <SupportForm />
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: SupportPage,
  load: () => ({}),
  head: () => ({ title: i18next.t("support.title"), description: i18next.t("support.description") }),
});
