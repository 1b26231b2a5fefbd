import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { usePageTitle } from "@/web/lib/use-page-title";

export default function LandingPage() {
  const { t } = useTranslation();
  usePageTitle("");
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col items-center justify-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("landing.hero.title")}</h1>
      <p className="max-w-2xl text-lg text-balance text-muted-foreground">{t("landing.hero.subtitle")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" asChild>
          <Link to={paths.signup}>{t("landing.hero.getStarted")}</Link>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link to={paths.login}>{t("landing.hero.login")}</Link>
        </Button>
      </div>
    </main>
  );
}
