// "Log this page as a blocker": the page open in the browser's tab gives the title and the link (the extension may
// read them once its toolbar button is pressed: the activeTab permission), the person picks whom they wait on among
// their teammates, and the blocker is logged through the public API (its source: tray, as for every device).
import { useEffect, useId, useMemo, useState } from "react";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { TITLE_MAX } from "../../../common/blocker-values.ts";
import type { HoldupApi } from "../../../common/holdup-client/holdup-api.ts";
import { nameOf } from "../../../common/holdup-client/columns.ts";
import type { TeammateResource } from "../../../common/public-api.ts";
import { t } from "../i18n.ts";

/** The page in the last window the person used (the popup itself is no tab; opened as a window, it is not that one). */
async function pageInView(): Promise<{ title: string; url: string }> {
  const window = await chrome.windows.getLastFocused({ windowTypes: ["normal"] });
  const [tab] = window.id === undefined ? [] : await chrome.tabs.query({ active: true, windowId: window.id });
  const url = tab?.url && /^https?:/.test(tab.url) ? tab.url : "";
  return { title: (tab?.title ?? "").slice(0, TITLE_MAX), url };
}

type Errors = { title?: string; people?: string; form?: string };

export function LogPageView({ api, me, onBack, onLogged }: { api: HoldupApi; me: string; onBack: () => void; onLogged: (message: string) => void }) {
  const ids = { filter: useId(), people: useId() };
  const [title, setTitle] = useState("");
  const [link, setLink] = useState("");
  const [teammates, setTeammates] = useState<TeammateResource[]>();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    void pageInView().then((page) => {
      setTitle(page.title);
      setLink(page.url);
    });
    api.people().then(
      (people) => setTeammates(people.filter((person) => person.id !== me && !person.formerMember)),
      (error: unknown) => setErrors({ form: error instanceof Error ? error.message : String(error) }),
    );
  }, [api, me]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (teammates ?? []).filter((person) => !needle || `${person.name ?? ""} ${person.email}`.toLowerCase().includes(needle));
  }, [teammates, filter]);

  const toggle = (id: string) => {
    setErrors((before) => ({ ...before, people: undefined }));
    setChosen((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = { title: title.trim() ? undefined : t("logPage.titleMissing"), people: chosen.size > 0 ? undefined : t("logPage.choosePerson") };
    setErrors(found);
    if (found.title || found.people) return;
    setSending(true);
    try {
      await api.createBlocker({ title: title.trim(), linkUrl: link.trim() || undefined, blockingProfileIds: [...chosen] });
      const names = (teammates ?? []).filter((person) => chosen.has(person.id)).map(nameOf);
      onLogged(t("logPage.logged", { people: names.join(", ") }));
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form aria-labelledby="log-page-heading" className="space-y-3" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="log-page-heading" className="text-base font-semibold">
        {t("logPage.heading")}
      </h2>
      <FormAlert>{errors.form}</FormAlert>
      <FormField label={t("logPage.titleLabel")} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={TITLE_MAX}
            onChange={(event) => {
              setTitle(event.target.value);
              setErrors((before) => ({ ...before, title: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label={t("logPage.linkLabel")}>{(control) => <Input {...control} type="url" value={link} onChange={(event) => setLink(event.target.value)} />}</FormField>
      <fieldset className="space-y-2" aria-describedby={errors.people ? `${ids.people}-error` : undefined}>
        <legend className="text-sm font-medium">{t("logPage.people")}</legend>
        <Label htmlFor={ids.filter} className="sr-only">
          {t("logPage.filter")}
        </Label>
        <Input id={ids.filter} type="search" placeholder={t("logPage.filter")} value={filter} onChange={(event) => setFilter(event.target.value)} />
        {!teammates ? (
          <p className="text-sm text-muted-foreground">{t("columns.loading")}</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("logPage.noMatch")}</p>
        ) : (
          <ul className="max-h-40 space-y-1 overflow-y-auto">
            {shown.map((person) => (
              <li key={person.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(person.id)} onChange={() => toggle(person.id)} />
                  {nameOf(person)}
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.people ? (
          <p id={`${ids.people}-error`} className="text-xs text-destructive">
            {errors.people}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={sending}>
          {t("logPage.submit")}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          {t("logPage.back")}
        </Button>
      </div>
    </form>
  );
}
