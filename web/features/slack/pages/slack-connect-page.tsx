// /slack/connect?token=…: where a Slack user Holdup could not match by e-mail links their Slack account to the
// Holdup account they are signed in with. It names the Slack user and the workspace first and asks for one press:
// a link someone else sent would show a Slack name that is not the reader's own, and nothing is linked unasked.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { CardPage } from "@/web/components/card-page";
import { FormAlert } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { usePageTitle } from "@/web/lib/use-page-title";
import { confirmConnectLink, connectLinkQueryOptions } from "../api/slack";

export default function SlackConnectPage() {
  const { t } = useTranslation();
  usePageTitle(t("slack.connect.title"));
  const token = useSearchParams()[0].get("token") ?? "";
  const link = useQuery({ ...connectLinkQueryOptions(token), enabled: token !== "" });
  const confirm = useMutation({ mutationFn: () => confirmConnectLink(token) });
  const backToHoldup = (
    <Button asChild variant="outline">
      <Link to={paths.dashboard}>{t("slack.connect.toDashboard")}</Link>
    </Button>
  );
  return (
    <CardPage title={t("slack.connect.title")}>
      {token === "" ? (
        <FormAlert>{t("slack.connect.noToken")}</FormAlert>
      ) : link.isPending ? (
        <Skeleton className="h-20 w-full" aria-hidden="true" />
      ) : link.isError ? (
        <div className="grid gap-4">
          <FormAlert>{link.error.message}</FormAlert>
          <div>{backToHoldup}</div>
        </div>
      ) : confirm.isSuccess || link.data.alreadyLinked ? (
        <div className="grid gap-4">
          <output className="text-sm">{t("slack.connect.done", { workspace: link.data.workspace })}</output>
          <div>{backToHoldup}</div>
        </div>
      ) : (
        <div className="grid gap-4">
          <FormAlert>{confirm.error?.message}</FormAlert>
          <p className="text-sm">
            {t("slack.connect.explain", {
              slackUser: link.data.slackUser.realName || link.data.slackUser.name || link.data.slackUser.id,
              workspace: link.data.workspace,
              account: link.data.holdupAccount.fullName ? `${link.data.holdupAccount.fullName} (${link.data.holdupAccount.email})` : link.data.holdupAccount.email,
            })}
          </p>
          <p className="text-sm text-muted-foreground">{t("slack.connect.warning")}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {t("slack.connect.confirm")}
            </Button>
            {backToHoldup}
          </div>
        </div>
      )}
    </CardPage>
  );
}
