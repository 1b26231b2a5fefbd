import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading";

const questions = ["whatIsABlocker", "notAnotherTool", "nagging", "dataSafe", "selfHost"] as const;

/** Five questions as native disclosures: keyboard and screen-reader ready, and open even without JavaScript. */
export function Faq() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl px-4">
      <SectionHeading id="faq-title" name={t("landing.faq.name")} tagline={t("landing.faq.tagline")} description={t("landing.faq.description")} />
      <div className="mt-10 divide-y rounded-xl border bg-card">
        {questions.map((key) => (
          <details key={key} className="group px-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
              <h3>{t(`landing.faq.items.${key}.question`)}</h3>
              <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
            </summary>
            <p className="pb-4 text-muted-foreground">{t(`landing.faq.items.${key}.answer`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
