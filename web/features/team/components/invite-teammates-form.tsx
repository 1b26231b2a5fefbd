// Invite teammates by e-mail: several addresses at once (commas, spaces or new lines), each checked before sending.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { isEmail } from "@/common/auth-rules";
import { MAX_INVITES_AT_ONCE } from "@/common/profile";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { NativeSelect } from "@/web/components/ui/native-select";
import { inviteTeammates } from "../api/invitations";
import { teamKeys } from "../api/team";

export const splitEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);

type InvitableRole = "member" | "admin";

/** `roles`: the roles the person may invite as (the server's list); a choice is shown when there is more than one. */
export function InviteTeammatesForm({ submitLabel, secondaryAction, onInvited, roles = ["member"] }: { submitLabel: string; secondaryAction?: ReactNode; onInvited?: () => void; roles?: readonly InvitableRole[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const linksHeadingId = useId();
  const [text, setText] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [fieldError, setFieldError] = useState<string>();
  const [links, setLinks] = useState<{ email: string; link: string }[]>([]);
  const invite = useMutation({
    mutationFn: inviteTeammates,
    onSuccess: async ({ outcomes }) => {
      // Each link works only for its own address: the inviter passes it on when the e-mail does not arrive.
      setLinks(outcomes.flatMap((outcome) => (outcome.invited ? [{ email: outcome.email, link: outcome.link }] : [])));
      const refused = outcomes.filter((outcome) => !outcome.invited);
      const invitedCount = outcomes.length - refused.length;
      if (invitedCount > 0) toast.success(t("team.invite.sent", { count: invitedCount }));
      for (const outcome of refused) toast.error(t("team.invite.refused", { email: outcome.email, reason: "message" in outcome ? outcome.message : "" }));
      setText(refused.map((outcome) => outcome.email).join("\n"));
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      if (refused.length === 0) onInvited?.();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    const emails = splitEmails(text);
    const invalid = emails.filter((email) => !isEmail(email));
    if (emails.length === 0) return setFieldError(t("team.invite.empty"));
    if (invalid.length > 0) return setFieldError(t("team.invite.invalid", { emails: invalid.join(", ") }));
    if (emails.length > MAX_INVITES_AT_ONCE) return setFieldError(t("team.invite.tooMany", { max: MAX_INVITES_AT_ONCE }));
    invite.mutate({ emails, role });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormAlert>{invite.error?.message}</FormAlert>
      <FormField label={t("team.invite.label")} hint={t("team.invite.hint")} error={fieldError}>
        {(control) => <Textarea {...control} rows={4} placeholder="alex@example.com, sam@example.com" value={text} onChange={(event) => setText(event.target.value)} />}
      </FormField>
      {roles.length > 1 && (
        <FormField label={t("team.invite.role")} hint={t("team.invite.roleHint")}>
          {(control) => (
            <NativeSelect {...control} className="sm:w-48" value={role} onChange={(event) => setRole(event.target.value as InvitableRole)}>
              {roles.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`team.roles.${choice}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {secondaryAction}
        <Button type="submit" disabled={invite.isPending}>
          {submitLabel}
        </Button>
      </div>
      {links.length > 0 && (
        <section aria-labelledby={linksHeadingId} className="grid gap-2 rounded-lg border p-3">
          <h3 id={linksHeadingId} className="text-sm font-medium">
            {t("team.invite.linksTitle")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("team.invite.linksHint")}</p>
          <ul className="grid gap-2">
            {links.map(({ email, link }) => (
              <li key={email}>
                <Input readOnly value={link} aria-label={t("team.invite.linkFor", { email })} onFocus={(event) => event.currentTarget.select()} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
