import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";

/** Shown when a page fails to load or render: an apology and a way out, never a stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn("Page failed", error);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t("errors.page.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("errors.page.description")}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>{t("errors.page.reload")}</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home}>{t("errors.page.home")}</Link>
        </Button>
      </div>
    </main>
  );
}
