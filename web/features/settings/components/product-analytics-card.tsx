// "Product analytics": the answer given to the consent notice, changed here at any time (decision 038). Shown only
// when this Holdup has analytics configured; the choice belongs to this browser, as the notice's does.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { analyticsConfigured, setAnalyticsConsent, useAnalyticsConsent } from "@/web/lib/analytics";
import { SettingsSection } from "./settings-section";

export function ProductAnalyticsCard() {
  const { t } = useTranslation();
  const consent = useAnalyticsConsent();
  const id = useId();
  if (!analyticsConfigured) return null;
  return (
    <SettingsSection title={t("settings.personal.analytics")} description={t("settings.personal.analyticsDescription")}>
      <div className="flex items-start gap-3 text-sm">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={consent === "granted"}
          className="mt-0.5 size-4 accent-primary"
          checked={consent === "granted"}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAnalyticsConsent(event.target.checked ? "granted" : "denied")}
        />
        <div className="grid gap-0.5">
          <label htmlFor={id} className="font-medium">
            {t("settings.personal.analyticsSwitch")}
          </label>
          <p id={`${id}-hint`} className="text-muted-foreground">
            {t(consent === "granted" ? "settings.personal.analyticsOn" : "settings.personal.analyticsOff")}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
