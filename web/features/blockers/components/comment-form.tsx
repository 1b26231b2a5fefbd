import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX } from "@/common/blocker-values";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-error";
import { commentOnBlocker } from "../api/comment-on-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

// The rules (zod) load when someone starts to write, not with the blocker's page (docs/decisions/027).
const loadRules = () => import("@/common/blockers");

/** The comment box under the timeline; Ctrl/⌘+Enter sends, as in GitHub and Linear. */
export function CommentForm({ blockerId }: { blockerId: string }) {
  const { t } = useTranslation();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const comment = useBlockerMutation(commentOnBlocker, { successMessage: () => t("blockers.comment.sent"), onSuccess: () => setBody("") });
  const serverError = comment.error instanceof ApiError ? comment.error.fields.body?.[0] : undefined;

  async function send() {
    const { commentSchema } = await loadRules();
    const parsed = commentSchema.safeParse({ body });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) comment.mutate({ id: blockerId, body });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void send();
  }
  function sendOnShortcut(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <FormField label={t("blockers.comment.label")} error={error ?? serverError} hint={t("blockers.comment.hint")}>
        {(control) => (
          <Textarea {...control} onFocus={() => void loadRules()} rows={3} maxLength={COMMENT_MAX} value={body} onChange={(event) => setBody(event.target.value)} onKeyDown={sendOnShortcut} placeholder={t("blockers.comment.placeholder")} />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={comment.isPending}>
          {t("blockers.comment.submit")}
        </Button>
      </div>
    </form>
  );
}
