// API keys (issue #14): personal keys for scripts and AI assistants, each acting as the person in the tab's team.
// A new key's secret is shown once, to copy; the list shows each key's start, scope, expiry and last use; revoking
// one stops it at once. The choices offered are exactly those the server takes (common/api-keys.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { API_KEY_NAME_MAX, apiKeyLifetimes, apiKeyScopes, type ApiKeyLifetime, type ApiKeyScope } from "@/common/api-keys";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { QueryError } from "@/web/components/query-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formErrorsOf } from "@/web/lib/api-error";
import { formatAgo } from "@/web/lib/relative-time";
import { toast } from "@/web/lib/toast";
import { useNow } from "@/web/lib/use-now";
import { apiKeyKeys, apiKeysQueryOptions, createApiKey, revokeApiKey, type ApiKeySummary } from "../api/api-keys";
import { SettingsSection } from "./settings-section";

export function ApiKeysCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions());
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [lifetime, setLifetime] = useState<ApiKeyLifetime>("90");
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async () => {
      setName("");
      await refresh();
    },
  });
  const { fields, message: formError } = formErrorsOf(create.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name: name.trim(), scope, expiresInDays: lifetime });
  }

  return (
    <SettingsSection title={t("settings.personal.apiKeys")} description={t("settings.personal.apiKeysDescription")} contentClassName="grid gap-4">
      {create.data && <NewKey secret={create.data.key} name={create.data.name} onDone={() => create.reset()} />}
      {keys.isPending ? (
        <Skeleton className="h-14" aria-hidden="true" />
      ) : keys.isError ? (
        <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("settings.personal.apiKeysNone")}</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={t("settings.personal.apiKeysList")}>
          {keys.data.keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoked={refresh} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div className="sm:col-span-4">
          <FormAlert>{formError}</FormAlert>
        </div>
        <FormField label={t("settings.personal.apiKeyName")} error={fields.name?.[0]}>
          {(control) => <Input {...control} value={name} maxLength={API_KEY_NAME_MAX} placeholder={t("settings.personal.apiKeyNamePlaceholder")} onChange={(event) => setName(event.target.value)} />}
        </FormField>
        <FormField label={t("settings.personal.apiKeyScope")} error={fields.scope?.[0]}>
          {(control) => (
            <NativeSelect {...control} value={scope} onChange={(event) => setScope(event.target.value as ApiKeyScope)}>
              {apiKeyScopes.map((each) => (
                <option key={each} value={each}>
                  {t(`settings.personal.apiKeyScopes.${each}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("settings.personal.apiKeyExpires")} error={fields.expiresInDays?.[0]}>
          {(control) => (
            <NativeSelect {...control} value={lifetime} onChange={(event) => setLifetime(event.target.value as ApiKeyLifetime)}>
              {apiKeyLifetimes.map((each) => (
                <option key={each} value={each}>
                  {each === "never" ? t("settings.personal.apiKeyNever") : t("settings.personal.apiKeyDays", { count: Number(each) })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          <KeyRound aria-hidden="true" />
          {t("settings.personal.apiKeyCreate")}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        {t("settings.personal.apiKeysDocs")}{" "}
        <a className="font-medium text-foreground underline underline-offset-4" href={paths.apiReference}>
          {t("settings.personal.apiKeysDocsLink")}
        </a>
      </p>
    </SettingsSection>
  );
}

/** The secret, once: announced, selectable, with a copy button. */
function NewKey({ secret, name, onDone }: { secret: string; name: string; onDone: () => void }) {
  const { t } = useTranslation();
  async function copy() {
    await navigator.clipboard.writeText(secret);
    toast.success(t("settings.personal.apiKeyCopied"));
  }
  return (
    <div className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-3">
      <output className="block text-sm font-medium">{t("settings.personal.apiKeyCreated", { name })}</output>
      <code className="block break-all rounded bg-muted px-2 py-1.5 font-mono text-sm" data-testid="new-api-key">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("settings.personal.apiKeyCopy")}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("settings.personal.apiKeySaved")}
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKeySummary; onRevoked: () => Promise<void> }) {
  const { t } = useTranslation();
  const now = useNow();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: async () => {
      toast.success(t("settings.personal.apiKeyRevoked", { name: apiKey.name }));
      await onRevoked();
    },
    onError: (error) => toast.error(error.message),
  });
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= now;
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2.5">
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {apiKey.name}
          <code className="font-mono text-xs text-muted-foreground">{apiKey.start}…</code>
          <Badge variant={apiKey.scope === "write" ? "blue" : "gray"}>{t(`settings.personal.apiKeyScopes.${apiKey.scope}`)}</Badge>
          {expired && <Badge variant="red">{t("settings.personal.apiKeyExpired")}</Badge>}
        </span>
        <span className="text-xs text-muted-foreground">
          {apiKey.lastUsedAt ? t("settings.personal.apiKeyLastUsed", { when: formatAgo(now.getTime() - new Date(apiKey.lastUsedAt).getTime(), t) }) : t("settings.personal.apiKeyNeverUsed")}
          {" · "}
          {apiKey.expiresAt === null ? t("settings.personal.apiKeyNoExpiry") : t("settings.personal.apiKeyExpiresOn", { date: new Date(apiKey.expiresAt).toLocaleDateString() })}
        </span>
      </div>
      <Button variant="ghost" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate()} aria-label={t("settings.personal.apiKeyRevokeNamed", { name: apiKey.name })}>
        {t("settings.personal.apiKeyRevoke")}
      </Button>
    </li>
  );
}
