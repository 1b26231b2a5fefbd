import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { Card, CardContent } from "@/web/components/ui/card";
import { usePageTitle } from "@/web/lib/use-page-title";
import { BlockerForm } from "../components/blocker-form";

export default function AddBlockerPage() {
  const { t } = useTranslation();
  usePageTitle(t("blockers.form.pageTitle"));
  return (
    <PageFrame>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("blockers.form.pageTitle")}</h1>
        <p className="text-muted-foreground">{t("blockers.form.pageDescription")}</p>
      </div>
      <Card className="max-w-2xl">
        <CardContent>
          <BlockerForm />
        </CardContent>
      </Card>
    </PageFrame>
  );
}
