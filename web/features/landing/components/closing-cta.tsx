import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";

export function ClosingCta() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="closing-title" className="mx-auto w-full max-w-5xl px-4">
      <div className="flex flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t("landing.closing.title")}
        </h2>
        <p className="max-w-xl text-lg text-balance opacity-90">{t("landing.closing.description")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" variant="secondary" asChild>
            <a href={paths.signup}>{t("landing.closing.getStarted")}</a>
          </Button>
          <Button size="lg" variant="ghost" asChild className="text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground">
            <a href={paths.login}>{t("landing.closing.login")}</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
