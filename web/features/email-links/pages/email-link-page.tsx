// /e/:token: the page of a one-click link from a Holdup e-mail (Mark done, Snooze until tomorrow, Decline, stop these
// e-mails). It works without signing in. It says what the link does and asks for one press (mail scanners that open
// every link must not mark anything done) — Decline asks for the reason first — then says what happened; a link used
// before says what happened then.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { CardPage } from "@/web/components/card-page";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Textarea } from "@/web/components/ui/textarea";
import { DECLINE_REASON_MAX } from "@/common/blocker-values";
import { ApiError } from "@/web/lib/api-error";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { api, unwrap } from "@/web/lib/api-client";
import { formatDateTime } from "@/web/lib/date-time";
import { usePageTitle } from "@/web/lib/use-page-title";

type LinkView = InferResponseType<(typeof api)["email-links"][":token"]["$get"], 200>;

const textOf = (outcome: unknown, key: string) => (typeof outcome === "object" && outcome !== null && key in outcome && typeof (outcome as Record<string, unknown>)[key] === "string" ? ((outcome as Record<string, unknown>)[key] as string) : undefined);

export default function EmailLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t("emailLink.title"));
  const token = useParams().token ?? "";
  const link = useQuery({ queryKey: ["email-link", token], queryFn: () => unwrap(api["email-links"][":token"].$get({ param: { token } })), retry: false });
  const act = useMutation({ mutationFn: (reason?: string) => unwrap(api["email-links"][":token"].$post({ param: { token }, json: reason ? { reason } : {} })) });
  const view: LinkView | undefined = act.data ?? link.data;
  return (
    <CardPage title={view ? t(`emailLink.heading.${view.action}`) : t("emailLink.title")} description={view?.blocker ? `“${view.blocker.title}”` : undefined}>
      {link.isPending ? (
        <Skeleton className="h-20 w-full" aria-hidden="true" />
      ) : link.isError ? (
        <FormAlert>{link.error.message}</FormAlert>
      ) : view ? (
        <LinkBody view={view} acting={act.isPending} error={act.error instanceof ApiError ? (act.error.fields.reason?.[0] ?? act.error.message) : act.error?.message} onAct={(reason) => act.mutate(reason)} />
      ) : null}
    </CardPage>
  );
}

function LinkBody({ view, acting, error, onAct }: { view: LinkView; acting: boolean; error?: string; onAct: (reason?: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const openBlocker = view.blocker && (
    <Button asChild variant="outline">
      <Link to={paths.blocker(view.blocker.id)}>{t("emailLink.open")}</Link>
    </Button>
  );
  if (view.state === "ready") {
    return (
      <div className="grid gap-4">
        {view.action !== "decline" && <FormAlert>{error}</FormAlert>}
        <p className="text-sm text-muted-foreground">{view.event === "digest" ? t("emailLink.ready.unsubscribeDigest") : view.event === "weekly_report" ? t("emailLink.ready.unsubscribeWeeklyReport") : t(`emailLink.ready.${view.action}`, { event: view.event ? t(`settings.personal.events.${view.event}`) : "" })}</p>
        {view.action === "decline" && (
          <FormField label={t("emailLink.reason")} hint={t("emailLink.reasonHint")} error={error}>
            {(control) => <Textarea {...control} rows={3} maxLength={DECLINE_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </FormField>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onAct(view.action === "decline" ? reason.trim() : undefined)} disabled={acting}>
            {t(`emailLink.confirm.${view.action}`)}
          </Button>
          {openBlocker}
        </div>
      </div>
    );
  }
  const refused = textOf(view.outcome, "refused");
  const snoozedUntil = textOf(view.outcome, "snoozedUntil");
  const nextReminderAt = textOf(view.outcome, "nextReminderAt");
  const message =
    view.state === "used"
      ? refused
        ? t("emailLink.usedRefused", { reason: refused })
        : view.action === "done"
          ? t("emailLink.usedDone", { when: view.usedAt ? formatDateTime(view.usedAt) : "" })
          : view.action === "snooze"
            ? t("emailLink.usedSnooze", { until: snoozedUntil ? formatDateTime(snoozedUntil) : "", next: nextReminderAt ? formatDateTime(nextReminderAt) : t("emailLink.noReminder") })
            : view.action === "decline"
              ? t("emailLink.usedDecline", { reason: textOf(view.outcome, "reason") ?? "" })
            : view.event === "digest"
              ? t("emailLink.usedUnsubscribeDigest")
              : view.event === "weekly_report"
                ? t("emailLink.usedUnsubscribeWeeklyReport")
                : t("emailLink.usedUnsubscribe", { event: view.event ? t(`settings.personal.events.${view.event}`) : "" })
      : view.state === "expired"
        ? t("emailLink.expired", { when: formatDateTime(view.expiresAt) })
        : view.state === "answered"
          ? t("emailLink.answered")
          : view.state === "left_team"
            ? t("emailLink.leftTeam")
            : t("emailLink.notOnBlocker");
  return (
    <div className="grid gap-4">
      <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="email-link-outcome">
        {message}
      </output>
      <div className="flex flex-wrap gap-2">
        {openBlocker}
        {view.action === "unsubscribe" && (
          <Button asChild variant="outline">
            <Link to={paths.settingsPersonal}>{t("emailLink.settings")}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
