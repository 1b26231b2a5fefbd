// Onboarding: your name → your team (create one, or join the one that invited you) → invite teammates → dashboard.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { track } from "@/web/lib/analytics";
import { chooseTeam } from "@/web/lib/current-team";
import { toast } from "@/web/lib/toast";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { CardPage } from "@/web/components/card-page";
import { Input } from "@/web/components/ui/input";
import { FullScreenSpinner } from "@/web/components/ui/spinner";
import { InviteTeammatesForm } from "@/web/features/team/components/invite-teammates-form";
import type { ApiError } from "@/web/lib/api-error";
import { usePageTitle } from "@/web/lib/use-page-title";
import { acceptInvitation } from "@/web/features/team/api/invitations";
import { checkoutForChosenPlan } from "@/web/features/billing/api/checkout-for-chosen-plan";
import { completeOnboarding, createTeam, onboardingKeys, onboardingQueryOptions, saveAboutYou } from "../api/onboarding";
import { readInvitationToken, rememberInvitationToken } from "../invitation-token";

const steps = ["name", "team", "invite"] as const;
type Step = (typeof steps)[number];

export default function OnboardingPage() {
  const { t } = useTranslation();
  usePageTitle(t("onboarding.title"));
  // An invitation link opened while signed in arrives here with its token (see RedirectSignedIn).
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get("invite");
  useEffect(() => rememberInvitationToken(linkToken), [linkToken]);
  const onboarding = useQuery(onboardingQueryOptions(linkToken ?? readInvitationToken()));

  if (onboarding.isPending) return <FullScreenSpinner />;
  if (onboarding.isError) {
    return (
      <OnboardingFrame step="name" title={t("onboarding.title")}>
        <FormAlert>{onboarding.error.message}</FormAlert>
        <Button className="mt-4" onClick={() => void onboarding.refetch()}>
          {t("common.retry")}
        </Button>
      </OnboardingFrame>
    );
  }
  const { profile, team, invitations } = onboarding.data;
  // Someone already in a team who followed an invitation link answers it where all their invitations are.
  if (profile.onboardedAt && linkToken) return <Navigate to={`${paths.invites}?${new URLSearchParams({ invite: linkToken }).toString()}`} replace />;
  if (!profile.fullName) return <AboutYouStep />;
  if (!team) return <TeamStep invitations={invitations} />;
  return <InviteStep teamName={team.name} />;
}

function OnboardingFrame({ step, title, description, children }: { step: Step; title: string; description?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const position = steps.indexOf(step) + 1;
  const progress = (
    <>
      <p className="mb-2 text-center text-sm text-muted-foreground">{t("onboarding.progress", { step: position, total: steps.length })}</p>
      <div className="mb-4 flex gap-1" aria-hidden="true">
        {steps.map((name, index) => (
          <div key={name} className={`h-1 flex-1 rounded-full ${index < position ? "bg-primary" : "bg-border"}`} />
        ))}
      </div>
    </>
  );
  return (
    <CardPage title={title} description={description} aboveCard={progress}>
      {children}
    </CardPage>
  );
}

function useStepMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }) });
}

function AboutYouStep() {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState("");
  const timezone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const save = useStepMutation(saveAboutYou);
  const fieldError = (save.error as ApiError | null)?.fields?.fullName?.[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ fullName, timezone });
  }
  return (
    <OnboardingFrame step="name" title={t("onboarding.name.title")} description={t("onboarding.name.description")}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{save.error && !fieldError ? save.error.message : undefined}</FormAlert>
        <FormField label={t("onboarding.name.label")} error={fieldError} hint={t("onboarding.name.timezone", { timezone })}>
          {(control) => <Input {...control} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          {t("common.continue")}
        </Button>
      </form>
    </OnboardingFrame>
  );
}

type Invitation = { id: string; teamName: string; inviterName: string; inviterEmail: string };

function TeamStep({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const create = useStepMutation(createTeam);
  const accept = useJoinTeam();
  const fieldError = (create.error as ApiError | null)?.fields?.name?.[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name);
  }
  return (
    <OnboardingFrame step="team" title={t("onboarding.team.title")} description={t("onboarding.team.description")}>
      {invitations.length > 0 && (
        <section aria-labelledby="waiting-invitations" className="mb-6 grid gap-3">
          <h2 id="waiting-invitations" className="text-sm font-medium">
            {t("onboarding.team.invitations")}
          </h2>
          <FormAlert>{accept.error?.message}</FormAlert>
          <ul className="grid gap-2">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{invitation.teamName}</p>
                  <p className="truncate text-sm text-muted-foreground">{t("onboarding.team.invitedBy", { name: invitation.inviterName || invitation.inviterEmail })}</p>
                </div>
                <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(invitation.id)}>
                  {t("onboarding.team.join")}
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-center text-sm text-muted-foreground">{t("onboarding.team.or")}</p>
        </section>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{create.error && !fieldError ? create.error.message : undefined}</FormAlert>
        <FormField label={t("onboarding.team.label")} error={fieldError} hint={t("onboarding.team.hint")}>
          {(control) => <Input {...control} autoComplete="organization" value={name} onChange={(event) => setName(event.target.value)} />}
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          {t("onboarding.team.create")}
        </Button>
      </form>
    </OnboardingFrame>
  );
}

/**
 * Joining the team that invited you is the end of onboarding (it is shortened: the team already exists, and inviting
 * people is its owners' business): straight to its dashboard, this tab acting in it.
 */
function useJoinTeam() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      const team = await acceptInvitation(invitationId);
      await completeOnboarding();
      return team;
    },
    onSuccess: async (team) => {
      track("onboarded", { source: "web", team: "joined" });
      if (team) chooseTeam(team.id);
      await refreshUser();
      toast.success(t("onboarding.joined", { team: team?.name }));
      await navigate(paths.dashboard, { replace: true });
    },
  });
}

function InviteStep({ teamName }: { teamName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  // Once someone is invited the step stays, so the invitation links can be copied (without e-mail they are the
  // only way in: decision 018), and "Skip" becomes "Continue".
  const [invited, setInvited] = useState(false);
  const finish = useMutation({
    mutationFn: async () => {
      await completeOnboarding();
      // From the Plus button: on to Checkout, unless it cannot be had (then the dashboard, and Billing later).
      return checkoutForChosenPlan().catch(() => undefined);
    },
    onSuccess: async (checkoutUrl) => {
      track("onboarded", { source: "web", team: "created", invited_teammates: invited });
      if (checkoutUrl) return window.location.assign(checkoutUrl);
      await refreshUser();
      toast.success(t("onboarding.done"));
      await navigate(paths.dashboard, { replace: true });
    },
  });
  return (
    <OnboardingFrame step="invite" title={t("onboarding.invite.title", { team: teamName })} description={t("onboarding.invite.description")}>
      <FormAlert>{finish.error?.message}</FormAlert>
      <InviteTeammatesForm
        submitLabel={t("onboarding.invite.submit")}
        onInvited={() => setInvited(true)}
        secondaryAction={
          <Button type="button" variant={invited ? "default" : "ghost"} disabled={finish.isPending} onClick={() => finish.mutate()}>
            {invited ? t("onboarding.invite.continue") : t("onboarding.invite.skip")}
          </Button>
        }
      />
    </OnboardingFrame>
  );
}
