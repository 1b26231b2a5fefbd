// A webhook's signing secret, shown once (after adding a webhook, or rotating its secret): copy it now, it is not
// shown again.
import { Copy } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/lib/toast";

export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t("webhooks.copied"));
    } catch {
      // Clipboard refused (an insecure origin, a denied permission): the secret stays selectable in the field.
      toast.error(t("webhooks.copyFailed"));
    }
  }
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("webhooks.secretTitle")}</DialogTitle>
          <DialogDescription>{t("webhooks.secretDescription")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={id}>{t("webhooks.secretLabel")}</Label>
          <div className="flex gap-2">
            <Input id={id} readOnly value={secret ?? ""} className="font-mono text-xs" data-testid="webhook-secret" onFocus={(event) => event.target.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("webhooks.copy")}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t("webhooks.secretDone")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
