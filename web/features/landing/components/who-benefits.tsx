import { Briefcase, ClipboardList, Code, Compass, Crown, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading";

const roles = [
  { key: "engineeringManagers", Icon: UsersRound },
  { key: "productManagers", Icon: Compass },
  { key: "developers", Icon: Code },
  { key: "ceos", Icon: Crown },
  { key: "teamLeads", Icon: Briefcase },
  { key: "projectManagers", Icon: ClipboardList },
] as const;

export function WhoBenefits() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="who-benefits-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="who-benefits-title" name={t("landing.whoBenefits.name")} tagline={t("landing.whoBenefits.tagline")} description={t("landing.whoBenefits.description")} />
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {roles.map(({ key, Icon }) => (
          <li key={key} className="flex flex-col gap-3 rounded-xl border bg-card p-6">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">{t(`landing.whoBenefits.roles.${key}.title`)}</h3>
            <p className="text-muted-foreground">{t(`landing.whoBenefits.roles.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
