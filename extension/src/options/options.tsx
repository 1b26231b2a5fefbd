// The options page: which Holdup server the extension talks to (default http://localhost:3000). Another server needs
// Chrome's permission to reach it (asked here, as the person saves); a new server means a new sign-in, so the old
// token is forgotten.
import { useRef, useState } from "react";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { t } from "../i18n.ts";
import { ask } from "../messages.ts";
import { startPage } from "../page.tsx";
import { originPattern, serverOrigin, writeStored } from "../stored.ts";
import { useStored } from "../use-stored.ts";

function Options() {
  const stored = useStored();
  const field = useRef<HTMLInputElement>(null);
  // What the person typed, else the address kept.
  const [typed, setAddress] = useState<string>();
  const address = typed ?? stored?.serverUrl;
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();

  // Refused, the field takes the focus, so a screen reader reads it with its error (as the web app's forms do).
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(undefined);
    const origin = serverOrigin(address ?? "");
    if (!origin) return refuse(t("options.invalid"));
    setError(undefined);
    const origins = [originPattern(origin)];
    const allowed = (await chrome.permissions.contains({ origins })) || (await chrome.permissions.request({ origins }));
    if (!allowed) return refuse(t("options.permissionRefused", { server: origin }));
    setAddress(origin);
    if (origin === stored?.serverUrl) return setSaved(t("options.savedSame"));
    await ask({ kind: "sign-out" });
    await writeStored({ serverUrl: origin });
    setSaved(t("options.saved"));
  };

  return (
    <main className="mx-auto max-w-lg space-y-4 bg-background p-6 text-foreground">
      <h1 className="text-xl font-semibold">{t("options.heading")}</h1>
      <form className="space-y-3" noValidate onSubmit={(event) => void save(event)}>
        <FormField label={t("options.serverLabel")} hint={t("options.serverHint")} error={error}>
          {(props) => <Input {...props} ref={field} type="url" value={address ?? ""} onChange={(event) => setAddress(event.target.value)} />}
        </FormField>
        <Button type="submit">{t("options.save")}</Button>
        <output className="block text-sm empty:hidden">{saved}</output>
      </form>
    </main>
  );
}

startPage(<Options />);
