import { Hourglass, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { usePageTitle } from "@/web/lib/use-page-title";

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t("dashboard.title"));
  const { profile } = useAuth();
  const firstName = profile?.fullName?.split(/\s+/)[0] ?? "";
  const addBlocker = (
    <Button asChild size="sm">
      <Link to={paths.addBlocker}>{t("dashboard.addBlocker")}</Link>
    </Button>
  );
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("dashboard.greeting", { name: firstName })}</h1>
          <p className="text-muted-foreground">{t("dashboard.subtitle")}</p>
        </div>
        {addBlocker}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="waiting-on-me-heading" className="grid content-start gap-3">
          <h2 id="waiting-on-me-heading" className="text-lg font-semibold">
            {t("dashboard.waitingOnMe.title")}
          </h2>
          <EmptyState icon={Inbox} title={t("dashboard.waitingOnMe.emptyTitle")} description={t("dashboard.waitingOnMe.emptyDescription")} />
        </section>
        <section aria-labelledby="im-waiting-on-heading" className="grid content-start gap-3">
          <h2 id="im-waiting-on-heading" className="text-lg font-semibold">
            {t("dashboard.imWaitingOn.title")}
          </h2>
          <EmptyState icon={Hourglass} title={t("dashboard.imWaitingOn.emptyTitle")} description={t("dashboard.imWaitingOn.emptyDescription")} action={addBlocker} />
        </section>
      </div>
    </main>
  );
}
