// The two plans exactly as the specification's §9 and DESIGN.md §7 give them; Plus is the recommended one.
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { SectionHeading } from "./section-heading";

const plans = [
  { key: "free", href: paths.signup, features: ["users", "integrations", "blockers", "support"], recommended: false },
  { key: "plus", href: `${paths.signup}?plan=plus`, features: ["users", "integrations", "analytics", "support"], recommended: true },
] as const;

export function Pricing() {
  const { t } = useTranslation();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto w-full max-w-5xl scroll-mt-20 px-4">
      <SectionHeading id="pricing-title" name={t("landing.pricing.name")} tagline={t("landing.pricing.tagline")} description={t("landing.pricing.description")} />
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <li
            key={plan.key}
            aria-labelledby={`plan-${plan.key}`}
            className={cn("relative flex flex-col gap-6 rounded-2xl border bg-card p-8", plan.recommended && "border-primary shadow-lg ring-1 ring-primary")}
          >
            {plan.recommended && (
              <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">{t("landing.pricing.recommended")}</span>
            )}
            <div className="flex flex-col gap-2">
              <h3 id={`plan-${plan.key}`} className="text-xl font-semibold">
                {t(`landing.pricing.plans.${plan.key}.name`)}
              </h3>
              <p className="flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{t(`landing.pricing.plans.${plan.key}.price`)}</span>
                <span className="text-muted-foreground">{t(`landing.pricing.plans.${plan.key}.period`)}</span>
              </p>
              <p className="text-muted-foreground">{t(`landing.pricing.plans.${plan.key}.description`)}</p>
            </div>
            <ul className="flex flex-1 flex-col gap-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-3">
                  <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>{t(`landing.pricing.plans.${plan.key}.features.${feature}`)}</span>
                </li>
              ))}
            </ul>
            <Button size="lg" variant={plan.recommended ? "default" : "outline"} asChild>
              <a href={plan.href} aria-describedby={`plan-${plan.key}`}>
                {t(`landing.pricing.plans.${plan.key}.action`)}
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
