// The profile card (specification §1): avatar or initial, name, e-mail, the two waiting counters,
// the public profile link, and signing out (everywhere by default, or only this device).
import { useQuery } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { paths } from "@/common/paths";
import type { SignOutScope } from "@/common/auth-rules";
import { useAuth } from "@/web/app/auth-context";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import { loadOnUse } from "@/web/components/load-on-use";
import { countersQueryOptions } from "@/web/features/counters/api/get-counters";

/** The first letter of the full name, or 'U' when there is no name. */
export const initialOf = (fullName: string | null | undefined) => fullName?.trim().charAt(0).toUpperCase() || "U";

const SignOutMenu = loadOnUse(() => import("./sign-out-menu"), "menu");

export function ProfileCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, profile, signOut } = useAuth();
  const counters = useQuery(countersQueryOptions());
  const fullName = profile?.fullName ?? user?.name ?? "";

  async function signOutWith(scope: SignOutScope) {
    try {
      await signOut(scope);
      await navigate(paths.login, { replace: true });
      toast.success(scope === "global" ? t("sidebar.profile.signedOutEverywhere") : t("sidebar.profile.signedOut"));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t("common.unknownError"));
    }
  }

  const avatar = (
    <Avatar className="size-9 rounded-lg">
      {(profile?.avatarUrl ?? user?.avatar_url) && <AvatarImage src={profile?.avatarUrl ?? user?.avatar_url ?? undefined} alt="" />}
      <AvatarFallback className="rounded-lg">{initialOf(fullName)}</AvatarFallback>
    </Avatar>
  );

  return (
    <section aria-label={t("sidebar.profile.label")} data-testid="profile-card" className="grid gap-2">
      <div className="flex items-center gap-2">
        {avatar}
        <div className="grid min-w-0 flex-1 text-sm leading-tight group-data-[collapsible=icon]:hidden">
          <span className="truncate font-medium">{fullName || t("sidebar.profile.noName")}</span>
          <span className="truncate text-xs text-muted-foreground">{user?.email}</span>
        </div>
        <SignOutMenu
          onSignOut={(scope) => void signOutWith(scope)}
          trigger={
            <Button variant="ghost" size="icon" className="size-8 group-data-[collapsible=icon]:hidden" aria-label={t("sidebar.profile.signOut")}>
              <LogOut aria-hidden="true" />
            </Button>
          }
        />
      </div>
      <dl className="grid grid-cols-2 gap-2 group-data-[collapsible=icon]:hidden">
        <Counter label={t("sidebar.profile.waitingOnMe")} value={counters.data?.waitingOnMe} testId="waiting-on-me" />
        <Counter label={t("sidebar.profile.imWaitingOn")} value={counters.data?.imWaitingOn} testId="im-waiting-on" />
      </dl>
      {profile && (
        <Button asChild variant="link" size="sm" className="h-auto justify-start px-0 group-data-[collapsible=icon]:hidden">
          <Link to={paths.user(profile.id)}>{t("sidebar.profile.viewPublicProfile")}</Link>
        </Button>
      )}
    </section>
  );
}

function Counter({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded-md border bg-background px-2 py-1.5">
      <dt className="truncate text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value ?? "–"}
      </dd>
    </div>
  );
}
