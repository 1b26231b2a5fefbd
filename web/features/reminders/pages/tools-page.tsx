// /organization/tools (= /organization/integrations): the team's reminder schedule, and the tools it connects (Slack,
// GitHub, outgoing webhooks).
import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { usePageTitle } from "@/web/lib/use-page-title";
import { GithubCard } from "@/web/features/github/components/github-card";
import { SlackCard } from "@/web/features/slack/components/slack-card";
import { WebhooksCard } from "@/web/features/webhooks/components/webhooks-card";
import { RemindersSection } from "../components/reminders-section";

export default function ToolsPage() {
  const { t } = useTranslation();
  usePageTitle(t("integrations.title"));
  return (
    <PageFrame className="flex-1">
      <h1 className="text-2xl font-semibold tracking-tight">{t("integrations.title")}</h1>
      <RemindersSection />
      <section aria-labelledby="connected-tools" className="flex flex-col gap-3">
        <h2 id="connected-tools" className="text-lg font-semibold">
          {t("reminders.tools")}
        </h2>
        <SlackCard />
        <GithubCard />
        <WebhooksCard />
      </section>
    </PageFrame>
  );
}
