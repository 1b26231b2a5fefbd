// Pages whose feature arrives in a later release: the real page heading and an honest empty state saying what will be here.
import { ChartColumn, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/web/components/empty-state";
import { usePageTitle } from "@/web/lib/use-page-title";

const icons = {
  insights: ChartColumn,
  organizationInsights: ChartColumn,
} satisfies Record<string, LucideIcon>;

export type ComingFeature = keyof typeof icons;

export function comingPage(feature: ComingFeature) {
  return function ComingPage() {
    const { t } = useTranslation();
    const title = t(`coming.${feature}.title`);
    usePageTitle(title);
    return (
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 md:px-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <EmptyState icon={icons[feature]} title={t(`coming.${feature}.empty`)} description={t(`coming.${feature}.description`)} />
      </main>
    );
  };
}
