import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { usePageTitle } from "@/web/lib/use-page-title";

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 items-center px-4 py-24">
      <EmptyState
        className="w-full"
        icon={SearchX}
        title={t("notFound.title")}
        description={t("notFound.description")}
        action={
          <Button asChild>
            <Link to={paths.home}>{t("notFound.home")}</Link>
          </Button>
        }
      />
    </main>
  );
}
