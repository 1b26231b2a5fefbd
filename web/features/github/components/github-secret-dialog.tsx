// The GitHub connection's payload URL and secret, after connecting or rotating: what to paste into GitHub's webhook
// settings, and how. The secret is shown this once.
import { Copy } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/lib/toast";

export type ShownSecret = { webhookUrl: string; secret: string };

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("github.copied", { what: label }));
    } catch {
      // Clipboard refused (an insecure origin, a denied permission): the value stays selectable in the field.
      toast.error(t("github.copyFailed"));
    }
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" data-testid={testId} onFocus={(event) => event.target.select()} />
        <Button variant="outline" onClick={() => void copy()} aria-label={t("github.copyLabel", { what: label })}>
          <Copy aria-hidden="true" />
          {t("github.copy")}
        </Button>
      </div>
    </div>
  );
}

export function GithubSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("github.secretTitle")}</DialogTitle>
          <DialogDescription>{t("github.secretDescription")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <CopyField label={t("github.payloadUrl")} value={shown?.webhookUrl ?? ""} testId="github-payload-url" />
          <CopyField label={t("github.secret")} value={shown?.secret ?? ""} testId="github-secret" />
          <GithubSetupSteps />
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t("github.secretDone")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What to set in GitHub: where, the content type, the events. */
export function GithubSetupSteps() {
  const { t } = useTranslation();
  return (
    <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
      <li>{t("github.steps.where")}</li>
      <li>{t("github.steps.paste")}</li>
      <li>
        {t("github.steps.contentType")} <code className="rounded bg-muted px-1 py-0.5 text-xs text-foreground">application/json</code>
      </li>
      <li>{t("github.steps.events")}</li>
    </ol>
  );
}
