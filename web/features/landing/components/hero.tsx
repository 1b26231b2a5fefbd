import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TEN_EXAMPLES_POST_SLUG } from "@/common/blog";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";

export function Hero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="mx-auto flex w-full max-w-4xl flex-col items-center gap-6 px-4 pt-16 pb-10 text-center sm:pt-24">
      <p className="rounded-full border bg-muted/50 px-3 py-1 text-sm text-muted-foreground">{t("landing.hero.eyebrow")}</p>
      <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
        {t("landing.hero.title")}
      </h1>
      <p className="max-w-2xl text-lg text-balance text-muted-foreground">{t("landing.hero.subtitle")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" asChild>
          <a href={paths.signup}>{t("landing.hero.getStarted")}</a>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <a href={paths.login}>{t("landing.hero.login")}</a>
        </Button>
      </div>
      <a href={paths.blogPost(TEN_EXAMPLES_POST_SLUG)} className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {t("landing.hero.seeHowItWorks")}
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </section>
  );
}
