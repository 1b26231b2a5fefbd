import { BarChart3, BellRing, Hand, PenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading";

const steps = [
  { key: "createBlocker", Icon: PenLine },
  { key: "autoNudge", Icon: BellRing },
  { key: "manualNudges", Icon: Hand },
  { key: "getReports", Icon: BarChart3 },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4">
      <SectionHeading id="how-it-works-title" name={t("landing.howItWorks.name")} tagline={t("landing.howItWorks.tagline")} description={t("landing.howItWorks.description")} />
      <ol className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ key, Icon }, index) => (
          <li key={key} className="relative flex flex-col gap-3 rounded-xl border bg-card p-6">
            <span className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">{index + 1}</span>
              <Icon className="size-5 text-primary" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">{t(`landing.howItWorks.steps.${key}.title`)}</h3>
            <p className="text-muted-foreground">{t(`landing.howItWorks.steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
