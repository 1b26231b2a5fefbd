import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { i18next } from "@/web/lib/i18n";
import { usePageTitle } from "@/web/lib/use-page-title";
import { defineSitePage } from "@/web/site/site-page";

function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-1 items-center px-4 py-24">
      <EmptyState
        className="w-full"
        icon={SearchX}
        title={t("notFound.title")}
        description={t("notFound.description")}
        action={
          <Button asChild>
            <a href={paths.home}>{t("notFound.home")}</a>
          </Button>
        }
      />
    </main>
  );
}

/** The public site's not-found page (the server answers unknown blog addresses with it, status 404). */
export const sitePage = defineSitePage({
  Page: NotFound,
  load: () => ({}),
  head: () => ({ title: i18next.t("notFound.title"), description: i18next.t("notFound.description") }),
});

/** The app's not-found page, for any other unknown address. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  return <NotFound />;
}
