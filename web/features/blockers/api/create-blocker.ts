import { useTranslation } from "react-i18next";
import type { CreateBlockerInput } from "@/common/blockers";
import { api, unwrap } from "@/web/lib/api-client";
import { track } from "@/web/lib/analytics";
import { useBlockerMutation } from "./use-blocker-mutation";

export const createBlocker = (json: CreateBlockerInput) => unwrap(api.blockers.$post({ json }));

type Created = Awaited<ReturnType<typeof createBlocker>>;

/**
 * Logging a blocker, from quick capture or the /add page alike: the toast (with what became of the invitations to
 * people not yet in the team), the analytics event, then what the caller does next (stay, or open the blocker).
 * Field errors are the form's to show.
 */
export function useCreateBlocker(then: (created: Created) => void | Promise<void>) {
  const { t } = useTranslation();
  return useBlockerMutation(createBlocker, {
    errorMessage: false,
    successMessage: ({ invitations }, input) => {
      const refused = invitations.filter((invitation) => !invitation.invited);
      if (refused.length > 0) return t("blockers.form.addedInviteRefused", { emails: refused.map((invitation) => invitation.email).join(", ") });
      return invitations.length > 0 ? t("blockers.form.addedInvited", { emails: invitations.map((invitation) => invitation.email).join(", ") }) : t("blockers.quick.logged", { title: input.title });
    },
    onSuccess: (created, input) => {
      track("blocker created", { source: "web", priority: input.priority ?? "normal", waiting_on: (input.blockingProfileIds?.length ?? 0) + (input.blockingEmails?.length ?? 0), due: input.dueAt !== undefined });
      return then(created);
    },
  });
}
