import { Columns2, MessageSquareMore, PlugZap, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeatureCarousel } from "./feature-carousel";
import { SectionHeading } from "./section-heading";

const features = [
  { key: "waitingColumns", Icon: Columns2 },
  { key: "reminders", Icon: MessageSquareMore },
  { key: "timeBlocked", Icon: Timer },
  { key: "everywhere", Icon: PlugZap },
] as const;

export function KeyFeatures() {
  const { t } = useTranslation();
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4">
      <SectionHeading id="features-title" name={t("landing.features.name")} tagline={t("landing.features.tagline")} description={t("landing.features.description")} />
      <div className="mt-10">
        <FeatureCarousel
          label={t("landing.features.name")}
          items={features.map(({ key, Icon }) => ({
            id: key,
            content: (
              <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-6 sm:p-8">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-xl font-semibold">{t(`landing.features.items.${key}.title`)}</h3>
                <p className="text-muted-foreground">{t(`landing.features.items.${key}.text`)}</p>
              </article>
            ),
          }))}
        />
      </div>
    </section>
  );
}
