// The question asked once per browser when product analytics is configured (decision 038): a labelled region at the
// foot of the screen, not a dialog — nothing behind it is blocked and focus is not moved or trapped; the page stays
// usable without answering, and nothing is sent until "Allow". The answer can be changed in personal settings.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { setAnalyticsConsent, type AnalyticsChoice } from "@/web/lib/analytics";
import { toast } from "@/web/lib/toast";

export default function ConsentNotice() {
  const { t } = useTranslation();
  const headingId = useId();
  // The notice goes once answered: the toast says what was kept (and is announced), and where to change it.
  const choose = (choice: AnalyticsChoice) => {
    setAnalyticsConsent(choice);
    toast.success(t(choice === "granted" ? "analytics.notice.allowed" : "analytics.notice.declined"));
  };
  return (
    <section
      aria-labelledby={headingId}
      className="fixed inset-x-3 bottom-3 z-50 grid gap-3 rounded-xl border bg-card p-4 text-sm text-card-foreground shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-sm"
    >
      <h2 id={headingId} className="font-semibold">
        {t("analytics.notice.title")}
      </h2>
      <p className="text-muted-foreground">{t("analytics.notice.body")}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => choose("denied")}>
          {t("analytics.notice.decline")}
        </Button>
        <Button size="sm" onClick={() => choose("granted")}>
          {t("analytics.notice.allow")}
        </Button>
      </div>
    </section>
  );
}
