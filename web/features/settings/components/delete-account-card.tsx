// Deleting the account, at the bottom of /settings/personal. The dialog first says what would happen to each team
// (GET /api/account/deletion) and offers the deletion only when the server would accept it: a team's only owner hands
// it over first, a team one is alone in on Plus is cancelled first. Then the e-mail typed, and the password.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert, FormField } from "@/web/components/form-field";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formErrorsOf } from "@/web/lib/api-error";
import { authClient } from "@/web/lib/auth-client";
import { toast } from "@/web/lib/toast";
import { deleteAccount, deletionPlanQueryOptions, type AccountDeletionPlan } from "../api/account";
import { SettingsSection } from "./settings-section";

export function DeleteAccountCard() {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t("settings.personal.deleteAccount")} description={t("settings.personal.deleteAccountDescription")} className="border-destructive/40" contentClassName="flex justify-end">
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="destructive">{t("settings.personal.deleteAccountOpen")}</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("settings.personal.deleteAccountTitle")}</DialogTitle>
            <DialogDescription>{t("settings.personal.deleteAccountKeeps")}</DialogDescription>
          </DialogHeader>
          <DeletionSteps />
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}

function DeletionSteps() {
  const { t } = useTranslation();
  const plan = useQuery(deletionPlanQueryOptions());
  if (plan.isPending) return <Skeleton className="h-32" aria-hidden="true" />;
  if (plan.isError) return <QueryError error={plan.error} onRetry={() => void plan.refetch()} />;
  const { handOverFirst, cancelPlusFirst } = plan.data;
  if (handOverFirst.length > 0) {
    return (
      <Blocked message={t("settings.personal.deleteAccountHandOver", { teams: names(handOverFirst) })}>
        <Link to={paths.organizationAccess} className="font-medium underline underline-offset-4">
          {t("settings.personal.deleteAccountGoToAccess")}
        </Link>
      </Blocked>
    );
  }
  if (cancelPlusFirst.length > 0) {
    return (
      <Blocked message={t("settings.personal.deleteAccountCancelPlus", { teams: names(cancelPlusFirst) })}>
        <Link to={paths.organizationBilling} className="font-medium underline underline-offset-4">
          {t("settings.personal.deleteAccountGoToBilling")}
        </Link>
      </Blocked>
    );
  }
  return <DeletionForm plan={plan.data} />;
}

const names = (teams: { name: string }[]) => teams.map((team) => team.name).join(", ");

function Blocked({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      <p>{message}</p>
      <p>{children}</p>
    </div>
  );
}

function DeletionForm({ plan }: { plan: AccountDeletionPlan }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState("");
  const [password, setPassword] = useState("");
  const email = user?.email ?? "";
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      queryClient.clear();
      authClient.$store.notify("$sessionSignal");
      // The sign-in page (part of the app, unlike the pre-rendered landing page) keeps the confirmation on screen.
      await navigate(paths.login, { replace: true });
      toast.success(t("settings.personal.deleteAccountDone"));
    },
  });
  const { fields, message: formError } = formErrorsOf(remove.error);
  const typed = confirmation.trim().toLowerCase() === email.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate({ confirmation, password });
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {plan.leaves.length > 0 && <li>{t("settings.personal.deleteAccountLeaves", { teams: names(plan.leaves) })}</li>}
        {plan.deletedWithAccount.length > 0 && <li>{t("settings.personal.deleteAccountDeletesTeams", { teams: names(plan.deletedWithAccount) })}</li>}
        <li>{t("settings.personal.deleteAccountSignsOut")}</li>
      </ul>
      <FormAlert>{formError}</FormAlert>
      <FormField label={t("settings.personal.deleteAccountType", { email })} error={fields.confirmation?.[0]}>
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />}
      </FormField>
      <FormField label={t("settings.personal.passwordCurrent")} error={fields.password?.[0]}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="destructive" disabled={remove.isPending || !typed || !password}>
          {t("settings.personal.deleteAccountConfirm")}
        </Button>
      </div>
    </form>
  );
}
