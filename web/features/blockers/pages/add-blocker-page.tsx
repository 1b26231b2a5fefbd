import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/web/components/ui/card";
import { usePageTitle } from "@/web/lib/use-page-title";
import { BlockerForm } from "../components/blocker-form";

export default function AddBlockerPage() {
  const { t } = useTranslation();
  usePageTitle(t("blockers.form.pageTitle"));
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 md:px-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("blockers.form.pageTitle")}</h1>
        <p className="text-muted-foreground">{t("blockers.form.pageDescription")}</p>
      </div>
      <Card>
        <CardContent>
          <BlockerForm />
        </CardContent>
      </Card>
    </main>
  );
}
