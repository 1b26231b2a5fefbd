import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { EmptyState } from "@/web/components/empty-state";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { ApiError } from "@/web/lib/api-error";

/**
 * A page whose one thing could not be loaded: "not found" when it does not exist for this person (404, or a
 * malformed id: 400), otherwise the error with a retry.
 */
export function PageLoadFailed({ error, onRetry, pageTitle, notFoundTitle, notFoundDescription }: { error: Error; onRetry: () => void; pageTitle: string; notFoundTitle: string; notFoundDescription: string }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col px-4 py-16">
      <h1 className="sr-only">{pageTitle}</h1>
      {missing ? (
        <EmptyState
          icon={SearchX}
          title={notFoundTitle}
          description={notFoundDescription}
          action={
            <Button asChild>
              <Link to={paths.dashboard}>{t("blockers.detail.backHome")}</Link>
            </Button>
          }
        />
      ) : (
        <QueryError error={error} onRetry={onRetry} />
      )}
    </main>
  );
}
