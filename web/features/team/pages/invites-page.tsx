import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { usePageTitle } from "@/web/lib/use-page-title";
import { InviteTeammatesForm } from "../components/invite-teammates-form";

export default function InvitesPage() {
  const { t } = useTranslation();
  usePageTitle(t("team.invitesPage.title"));
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("team.invitesPage.title")}</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("team.invitesPage.sendTitle")}</h2>
          </CardTitle>
          <CardDescription>{t("team.invitesPage.sendDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteTeammatesForm submitLabel={t("team.invite.submit")} />
        </CardContent>
      </Card>
    </main>
  );
}
