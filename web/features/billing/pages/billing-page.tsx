// /organization/billing: the team's plan and who decides it, the use of each Free limit, and — for owners and
// admins, when Stripe is set up — upgrading through Stripe Checkout or managing the plan in Stripe's portal.
import { useMutation, useQuery } from "@tanstack/react-query";
import { CreditCard, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageFrame } from "@/web/components/page-frame";
import { QueryError } from "@/web/components/query-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatDate } from "@/web/lib/date-time";
import { toast } from "@/web/lib/toast";
import { usePageTitle } from "@/web/lib/use-page-title";
import { billingQueryOptions, openPortal, startCheckout, type BillingSummary } from "../api/billing";

export default function BillingPage() {
  const { t } = useTranslation();
  usePageTitle(t("billing.title"));
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get("checkout");
  // Back from Checkout, Stripe's webhook may still be on its way: read again until the plan says Plus (briefly).
  const billing = useQuery({ ...billingQueryOptions(), refetchInterval: (query) => (checkout === "success" && query.state.data?.plan !== "plus" && query.state.dataUpdateCount < 15 ? 1000 : false) });
  const goTo = useMutation({
    mutationFn: async (where: "checkout" | "portal") => (where === "checkout" ? startCheckout() : openPortal()),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(error.message),
  });

  return (
    <PageFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{t("billing.title")}</h1>
      {checkout === "success" && <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm">{billing.data?.plan === "plus" ? t("billing.welcomePlus") : t("billing.activating")}</output>}
      {checkout === "cancelled" && <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm">{t("billing.checkoutCancelled")}</output>}
      {billing.isPending ? (
        <Skeleton className="h-48 w-full" aria-busy="true" aria-label={t("ui.loading")} />
      ) : billing.isError ? (
        <QueryError error={billing.error} onRetry={() => void billing.refetch()} />
      ) : (
        <>
          <PlanCard billing={billing.data} busy={goTo.isPending} onGo={(where) => goTo.mutate(where)} />
          <UsageCard billing={billing.data} />
        </>
      )}
    </PageFrame>
  );
}

function PlanCard({ billing, busy, onGo }: { billing: BillingSummary; busy: boolean; onGo: (where: "checkout" | "portal") => void }) {
  const { t } = useTranslation();
  const price = (billing.plusPriceCents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
  const subscription = billing.subscription;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <h2>{t("billing.planTitle")}</h2>
          <Badge variant={billing.plan === "plus" ? "blue" : "outline"} data-testid="current-plan">
            {t(`billing.plans.${billing.plan}`)}
          </Badge>
        </CardTitle>
        <CardDescription>{billing.plan === "plus" ? t("billing.plusDescription") : t("billing.freeDescription", { price })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {billing.provider === "none" && <p>{t("billing.selfHosted", { plan: t(`billing.plans.${billing.plan}`) })}</p>}
        {subscription?.currentPeriodEnd && (
          <p>{subscription.cancelAtPeriodEnd ? t("billing.endsOn", { date: formatDate(subscription.currentPeriodEnd) }) : t("billing.renewsOn", { date: formatDate(subscription.currentPeriodEnd) })}</p>
        )}
        {subscription?.status === "past_due" && <p className="font-medium text-destructive">{t("billing.pastDue")}</p>}
        {billing.provider === "stripe" && !billing.canManage && <p className="text-muted-foreground">{t("billing.askAnAdmin")}</p>}
        {billing.canManage && (
          <div className="flex flex-wrap gap-2">
            {billing.plan === "free" ? (
              <Button disabled={busy} onClick={() => onGo("checkout")}>
                <CreditCard aria-hidden="true" />
                {t("billing.upgrade", { price })}
              </Button>
            ) : (
              subscription && (
                <Button variant="outline" disabled={busy} onClick={() => onGo("portal")}>
                  <ExternalLink aria-hidden="true" />
                  {t("billing.manage")}
                </Button>
              )
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UsageCard({ billing }: { billing: BillingSummary }) {
  const { t } = useTranslation();
  const { members, integrations, blockersToday } = billing.usage;
  const rows = [
    // Members and the invitations waiting share the plan's limit, and are counted on lines of their own.
    {
      label: members.pendingInvitations > 0 ? t("billing.usage.seats") : t("billing.usage.members"),
      used: members.used + members.pendingInvitations,
      limit: members.limit,
      lines: members.pendingInvitations > 0 ? [t("billing.usage.membersLine", { count: members.used }), t("billing.usage.invitationsLine", { count: members.pendingInvitations })] : [],
    },
    { label: t("billing.usage.integrations"), used: integrations.used, limit: integrations.limit, lines: [] },
    { label: t("billing.usage.blockersToday"), used: blockersToday.used, limit: blockersToday.limit, lines: [], note: t("billing.usage.perMember") },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("billing.usage.title")}</h2>
        </CardTitle>
        <CardDescription>{billing.plan === "plus" ? t("billing.usage.unlimited") : t("billing.usage.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4" aria-label={t("billing.usage.title")}>
          {rows.map((row) => (
            <li key={row.label} className="grid gap-1.5">
              <p className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{row.label}</span>
                <span className="tabular-nums text-muted-foreground">{billing.plan === "plus" ? t("billing.usage.usedUnlimited", { used: row.used }) : t("billing.usage.used", { used: row.used, limit: row.limit })}</span>
              </p>
              {billing.plan === "free" && (
                <div className="h-2 overflow-hidden rounded-full bg-muted" role="presentation">
                  <div className={row.used >= row.limit ? "h-full bg-amber-500" : "h-full bg-primary"} style={{ width: `${Math.min(100, (row.used / row.limit) * 100)}%` }} />
                </div>
              )}
              {row.lines.map((line) => (
                <p key={line} className="text-xs text-muted-foreground">
                  {line}
                </p>
              ))}
              {"note" in row && row.note && billing.plan === "free" && <p className="text-xs text-muted-foreground">{row.note}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
