import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { usePageTitle } from "@/web/lib/use-page-title";
import { AboutYouCard } from "../components/about-you-card";
import { ApiKeysCard } from "../components/api-keys-card";
import { AwayCard } from "../components/away-card";
import { DeleteAccountCard } from "../components/delete-account-card";
import { EmailCard } from "../components/email-card";
import { GithubLoginCard } from "../components/github-login-card";
import { NotificationsCard } from "../components/notifications-card";
import { PasswordCard } from "../components/password-card";
import { ProductAnalyticsCard } from "../components/product-analytics-card";
import { SessionsCard } from "../components/sessions-card";
import { TwoFactorCard } from "../components/two-factor-card";

export default function PersonalSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t("settings.personal.title"));
  return (
    <PageFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{t("settings.personal.title")}</h1>
      <AboutYouCard />
      <NotificationsCard />
      <AwayCard />
      <EmailCard />
      <PasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <ApiKeysCard />
      <GithubLoginCard />
      <ProductAnalyticsCard />
      <DeleteAccountCard />
    </PageFrame>
  );
}
