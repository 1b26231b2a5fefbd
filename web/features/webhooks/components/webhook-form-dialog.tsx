// Adding a webhook, or editing one: its address, a description, and the events it receives. The server says whether
// the address is allowed (https, public); its refusals are shown beside the field they name.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { webhookEventTypes, type WebhookEventType } from "@/common/webhooks";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { formErrorsOf } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { addWebhook, changeWebhook, webhookKeys, type TeamWebhook } from "../api/webhooks";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allowsPrivate: boolean;
  /** The webhook being edited; none when adding one. */
  webhook?: TeamWebhook;
  /** A new webhook's secret, to show once. */
  onSecret?: (secret: string) => void;
};

export function WebhookFormDialog({ open, onOpenChange, allowsPrivate, webhook, onSecret }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t(webhook ? "webhooks.editTitle" : "webhooks.addTitle")}</DialogTitle>
          <DialogDescription>{t(webhook ? "webhooks.editDescription" : "webhooks.addDescription")}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from the webhook as it is (or empty). */}
        {open && <WebhookForm allowsPrivate={allowsPrivate} webhook={webhook} onDone={() => onOpenChange(false)} onSecret={onSecret} />}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({ allowsPrivate, webhook, onDone, onSecret }: Pick<Props, "allowsPrivate" | "webhook" | "onSecret"> & { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const legendId = useId();
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.events ?? [...webhookEventTypes]);
  const save = useMutation({
    mutationFn: async () => {
      const input = { url: url.trim(), description: description.trim(), events };
      if (!webhook) return { secret: (await addWebhook(input)).secret };
      await changeWebhook({ id: webhook.id, changes: input });
      return { secret: undefined };
    },
    onSuccess: async ({ secret }) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      toast.success(t(webhook ? "webhooks.saved" : "webhooks.added"));
      onDone();
      if (secret) onSecret?.(secret);
    },
  });
  const { fields, message } = formErrorsOf(save.error);
  const eventsError = Object.entries(fields).find(([field]) => field === "events" || field.startsWith("events."))?.[1]?.[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? webhookEventTypes.filter((candidate) => candidate === type || current.includes(candidate)) : current.filter((candidate) => candidate !== type)));
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormAlert>{message}</FormAlert>
      <FormField label={t("webhooks.fields.url")} hint={t(allowsPrivate ? "webhooks.urlHintPrivate" : "webhooks.urlHint")} error={fields.url?.[0]}>
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} />}
      </FormField>
      <FormField label={t("webhooks.fields.description")} hint={t("webhooks.descriptionHint")} error={fields.description?.[0]}>
        {(control) => <Input {...control} autoComplete="off" value={description} onChange={(event) => setDescription(event.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={eventsError ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="mb-1 text-sm font-medium">
          {t("webhooks.eventsLegend")}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
              <span>{t(`webhooks.events.${type}`)}</span>
              <code className="text-xs text-muted-foreground">{type}</code>
            </label>
          ))}
        </div>
        {eventsError && (
          <p id={`${legendId}-error`} className="text-sm font-medium text-destructive">
            {eventsError}
          </p>
        )}
      </fieldset>
      <DialogFooter>
        <Button type="submit" disabled={save.isPending}>
          {t(webhook ? "webhooks.save" : "webhooks.add")}
        </Button>
      </DialogFooter>
    </form>
  );
}
