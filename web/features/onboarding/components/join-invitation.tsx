// The invitation link's one screen (issue #27, decision 051): "Alice invited you to Acme" beside the account form.
// The link's token proves the address, so a newcomer's name and password are all it takes: the account is made,
// confirmed, in the team and onboarded in one request, and the next screen is the team's dashboard. Someone signed in
// with the invited address joins with one button; someone with an account signs in first.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH, type WeakPasswordReason } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { CardPage } from "@/web/components/card-page";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Avatar, AvatarFallback } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { WeakPasswordReasons } from "@/web/features/auth/components/weak-password-reasons";
import { acceptInvitation } from "@/web/features/team/api/invitations";
import { track } from "@/web/lib/analytics";
import { ApiError } from "@/web/lib/api-error";
import { chooseTeam } from "@/web/lib/current-team";
import { initialsOf } from "@/web/lib/person-name";
import { toast } from "@/web/lib/toast";
import { usePageTitle } from "@/web/lib/use-page-title";
import { completeOnboarding, saveAboutYou } from "../api/onboarding";
import { invitationPreviewQueryOptions, joinWithNewAccount } from "../api/join";
import { rememberInvitationToken } from "../invitation-token";

type Preview = { email: string; teamName: string; inviterName: string; hasAccount: boolean };

/** Puts the keyboard in the screen's first field as it appears; one function, so a re-render does not move focus back. */
const focusOnArrival = (element: HTMLElement | null) => element?.focus();

const browserTimezone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

export function JoinInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  // Kept for the paths that leave this page (signing in first, or the sign-up page): onboarding still knows the link.
  useEffect(() => rememberInvitationToken(token), [token]);
  const preview = useQuery(invitationPreviewQueryOptions(token));
  const { isReady, user } = useAuth();
  usePageTitle(preview.data ? t("join.title", { team: preview.data.teamName }) : t("join.loading"));

  if (preview.isPending || !isReady) return <JoinSkeleton />;
  if (preview.isError) return <InvitationNotFound message={preview.error instanceof ApiError && preview.error.status === 404 ? t("join.notFound") : preview.error.message} />;
  const invitation = preview.data;
  const aside = <InvitationAside invitation={invitation} />;
  if (user && user.email.toLowerCase() !== invitation.email.toLowerCase()) return <SignedInAsSomeoneElse invitation={invitation} aside={aside} signedInEmail={user.email} />;
  if (user) return <JoinSignedIn token={token} invitation={invitation} aside={aside} />;
  if (invitation.hasAccount) return <SignInToJoin token={token} invitation={invitation} aside={aside} />;
  return <JoinWithNewAccount token={token} invitation={invitation} aside={aside} />;
}

function InvitationAside({ invitation }: { invitation: Preview }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Avatar className="size-12 text-base font-medium">
        <AvatarFallback aria-hidden="true" className="bg-primary text-primary-foreground">{initialsOf(invitation.inviterName)}</AvatarFallback>
      </Avatar>
      <h1 className="text-2xl leading-tight font-semibold text-balance">{t("join.invited", { inviter: invitation.inviterName, team: invitation.teamName })}</h1>
      <p className="text-sm text-muted-foreground">{t("join.pitch")}</p>
      <p className="text-sm text-muted-foreground">{t("join.waiting")}</p>
    </div>
  );
}

/** Where joining ends: this tab acting in the team, on its dashboard, where what waits on the newcomer already is. */
function useArriveInTeam() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  return async (team: { id: string; name: string } | null | undefined) => {
    if (team) chooseTeam(team.id);
    await refreshUser();
    toast.success(t("onboarding.joined", { team: team?.name }));
    await navigate(paths.dashboard, { replace: true });
  };
}

function JoinWithNewAccount({ token, invitation, aside }: { token: string; invitation: Preview; aside: React.ReactNode }) {
  const { t } = useTranslation();
  const arrive = useArriveInTeam();
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const timezone = browserTimezone();
  const join = useMutation({
    mutationFn: () => joinWithNewAccount(token, { fullName, password, timezone }),
    onSuccess: async ({ team }) => {
      track("signed up", { source: "web", invited: true });
      track("onboarded", { source: "web", team: "joined" });
      await arrive(team);
    },
  });
  const error = join.error instanceof ApiError ? join.error : undefined;
  const weakReasons = ((error?.body as { weak_password?: { reasons?: WeakPasswordReason[] } } | undefined)?.weak_password?.reasons ?? []);
  const nameError = error?.fields.fullName?.[0];
  const passwordError = error?.fields.password?.[0];
  const general = join.error && !nameError && !passwordError && weakReasons.length === 0 ? join.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    join.mutate();
  }
  return (
    <CardPage title={t("join.createAccount")} aside={aside}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{general}</FormAlert>
        <FormField label={t("join.email")} hint={t("join.emailHint")}>
          {(control) => <Input {...control} type="email" value={invitation.email} readOnly autoComplete="username" className="bg-muted/60" />}
        </FormField>
        <FormField label={t("join.fullName")} error={nameError} hint={t("join.timezone", { timezone })}>
          {(control) => <Input {...control} ref={focusOnArrival} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
        </FormField>
        <FormField label={t("join.password")} error={passwordError} hint={t("auth.signup.passwordHint", { min: PASSWORD_MIN_LENGTH })}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
        </FormField>
        <WeakPasswordReasons reasons={weakReasons} />
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? t("join.submitting") : t("join.submit", { team: invitation.teamName })}
        </Button>
      </form>
    </CardPage>
  );
}

/** Signed in with the invited address: one button (and the name, for an account that never gave one). */
function JoinSignedIn({ token, invitation, aside }: { token: string; invitation: Preview; aside: React.ReactNode }) {
  const { t } = useTranslation();
  const { profile, user } = useAuth();
  const arrive = useArriveInTeam();
  const needsName = !profile?.fullName;
  const [fullName, setFullName] = useState("");
  const join = useMutation({
    mutationFn: async () => {
      if (needsName) await saveAboutYou({ fullName, timezone: browserTimezone() });
      const team = await acceptInvitation(token);
      // Someone who had not finished onboarding is done with it: their team is this one.
      if (!profile?.onboardedAt) await completeOnboarding();
      return team;
    },
    onSuccess: async (team) => {
      if (!profile?.onboardedAt) track("onboarded", { source: "web", team: "joined" });
      await arrive(team);
    },
  });
  const nameError = join.error instanceof ApiError ? join.error.fields.fullName?.[0] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    join.mutate();
  }
  return (
    <CardPage title={t("join.title", { team: invitation.teamName })} description={t("join.signedInAs", { email: user?.email })} aside={aside}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{join.error && !nameError ? join.error.message : undefined}</FormAlert>
        {needsName && (
          <FormField label={t("join.fullName")} error={nameError} hint={t("join.nameFirst")}>
            {(control) => <Input {...control} ref={focusOnArrival} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
          </FormField>
        )}
        <Button type="submit" ref={needsName ? undefined : focusOnArrival} disabled={join.isPending}>
          {join.isPending ? t("join.submitting") : t("join.submit", { team: invitation.teamName })}
        </Button>
      </form>
    </CardPage>
  );
}

/** The address has an account: sign in (the address filled in), and this page comes back with its one button. */
function SignInToJoin({ token, invitation, aside }: { token: string; invitation: Preview; aside: React.ReactNode }) {
  const { t } = useTranslation();
  const here = `${paths.signup}?${new URLSearchParams({ invite: token }).toString()}`;
  return (
    <CardPage title={t("join.title", { team: invitation.teamName })} description={t("join.hasAccount", { email: invitation.email, team: invitation.teamName })} aside={aside}>
      <Button asChild className="w-full">
        <Link to={`${paths.login}?${new URLSearchParams({ email: invitation.email }).toString()}`} state={{ from: here }}>
          {t("join.signIn")}
        </Link>
      </Button>
    </CardPage>
  );
}

function SignedInAsSomeoneElse({ invitation, aside, signedInEmail }: { invitation: Preview; aside: React.ReactNode; signedInEmail: string }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const leave = useMutation({ mutationFn: () => signOut("local") });
  return (
    <CardPage title={t("join.title", { team: invitation.teamName })} description={t("join.otherAddress", { invited: invitation.email, email: signedInEmail })} aside={aside}>
      <FormAlert>{leave.error?.message}</FormAlert>
      <Button className="w-full" variant="outline" disabled={leave.isPending} onClick={() => leave.mutate()}>
        {t("join.signOut")}
      </Button>
    </CardPage>
  );
}

function InvitationNotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <CardPage
      title={message}
      description={t("join.notFoundHelp")}
      footer={
        <Link to={paths.signup} className="font-medium text-foreground underline underline-offset-4">
          {t("join.signUpInstead")}
        </Link>
      }
    >
      <Button asChild variant="outline" className="w-full">
        <Link to={paths.login}>{t("auth.signup.login")}</Link>
      </Button>
    </CardPage>
  );
}

/** The screen's shape while the invitation is read: the two panes, so nothing moves when it arrives. */
function JoinSkeleton() {
  const { t } = useTranslation();
  return (
    <CardPage title={t("join.loading")} aside={<div className="grid gap-4" aria-hidden="true"><Skeleton className="size-12 rounded-full" /><Skeleton className="h-16 w-full" /><Skeleton className="h-10 w-4/5" /></div>}>
      <div className="grid gap-4" aria-busy="true">
        {[0, 1, 2].map((field) => (
          <Skeleton key={field} className="h-14 w-full" />
        ))}
        <Skeleton className="h-9 w-full" />
      </div>
    </CardPage>
  );
}
