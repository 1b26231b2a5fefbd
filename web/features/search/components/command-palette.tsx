// The command palette (Ctrl/Cmd+K, "/"): blockers (the server's full-text search, as you type), people, pages and
// actions, all from the keyboard. Loaded the first time it opens.
import { useQuery } from "@tanstack/react-query";
import { Bell, CheckCheck, ChartColumn, CirclePlus, House, Keyboard, Settings, UserPlus, type LucideIcon } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandLoading } from "@/web/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { StatusBadge } from "@/web/features/blockers/components/status-badge";
import { useShortcuts } from "@/web/features/shortcuts/components/shortcuts-provider";
import { useTypedAhead } from "@/web/features/shortcuts/typed-ahead";
import { personName } from "@/web/lib/person-name";
import { searchQueryOptions } from "../api/search";

type Action = { id: string; label: string; icon: LucideIcon; run: () => void };

export default function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openHelp } = useShortcuts();
  // What was typed while this code loaded (Ctrl+K on a page just opened), if anything.
  const [text, setText] = useTypedAhead("search");
  const typed = useDeferredValue(text.trim());
  const results = useQuery(searchQueryOptions(typed));
  const close = () => {
    onOpenChange(false);
    setText("");
  };
  const go = (to: string) => () => void navigate(to);
  const actions: Action[] = [
    { id: "add", label: t("search.actions.addBlocker"), icon: CirclePlus, run: go(paths.addBlocker) },
    { id: "home", label: t("search.actions.goHome"), icon: House, run: go(paths.dashboard) },
    { id: "resolved", label: t("search.actions.goResolved"), icon: CheckCheck, run: go(paths.resolved) },
    { id: "notifications", label: t("search.actions.goNotifications"), icon: Bell, run: go(paths.notifications) },
    { id: "insights", label: t("search.actions.goInsights"), icon: ChartColumn, run: go(paths.insights) },
    { id: "settings", label: t("search.actions.goSettings"), icon: Settings, run: go(paths.settingsPersonal) },
    { id: "invite", label: t("search.actions.invite"), icon: UserPlus, run: go(paths.organizationInvites) },
    { id: "shortcuts", label: t("search.actions.shortcuts"), icon: Keyboard, run: openHelp },
  ];
  // Pages and actions follow the text as typed (no round trip); only the server's search waits for the deferred text.
  const shownActions = actions.filter((action) => action.label.toLowerCase().includes(text.trim().toLowerCase()));
  const choose = (run: () => void) => () => {
    close();
    run();
  };
  // An earlier answer stays while the next loads only if it answered the start of what is typed now ("pay" while
  // "paym" loads): another text's results (the last time the palette was open) would be shown, and chosen by Enter.
  const current = text.trim().toLowerCase();
  const answer = current && results.data && current.startsWith(results.data.q.trim().toLowerCase()) ? results.data : undefined;
  const blockers = answer?.blockers ?? [];
  const people = answer?.people ?? [];
  // The item Enter picks: the first one whenever the one chosen is gone. Results arrive after the text changed, and
  // cmdk chooses the first item only when the text changes.
  const [chosen, setChosen] = useState("");
  const items = new Map<string, () => void>([
    ...blockers.map((blocker) => [`blocker-${blocker.id}`, go(paths.blocker(blocker.id))] as const),
    ...people.map((person) => [`person-${person.id}`, go(paths.user(person.id))] as const),
    ...shownActions.map((action) => [`action-${action.id}`, action.run] as const),
  ]);
  const selected = items.has(chosen) ? chosen : ([...items.keys()][0] ?? "");
  // Enter runs the item shown as chosen. cmdk's own Enter reads its store, which can lag one render behind the
  // chosen value given to it while results arrive (seen in e2e: Enter on "Go to Resolved Blockers" did nothing).
  const runChosen = (event: React.KeyboardEvent) => {
    const run = items.get(selected);
    if (event.key !== "Enter" || event.nativeEvent.isComposing || !run) return;
    event.preventDefault();
    choose(run)();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="top-[15%] translate-y-0 overflow-hidden p-0 sm:max-w-xl" showCloseButton={false}>
        <DialogTitle className="sr-only">{t("search.title")}</DialogTitle>
        <DialogDescription className="sr-only">{t("search.description")}</DialogDescription>
        {/* The server ranks the blockers: cmdk's own filtering would reorder them. */}
        <Command shouldFilter={false} label={t("search.title")} value={selected} onValueChange={setChosen} onKeyDown={runChosen}>
          <CommandInput placeholder={t("search.placeholder")} value={text} onValueChange={setText} />
          <CommandList className="max-h-[min(60vh,26rem)]">
            {typed && results.isFetching && blockers.length === 0 && people.length === 0 && <CommandLoading>{t("ui.loading")}</CommandLoading>}
            {results.isError && <p className="px-3 py-6 text-center text-sm text-destructive">{results.error.message}</p>}
            <CommandEmpty>{typed && !results.isFetching ? t("search.nothing", { text: typed }) : null}</CommandEmpty>
            {blockers.length > 0 && (
              <CommandGroup heading={t("search.blockers")}>
                {blockers.map((blocker) => (
                  <CommandItem key={blocker.id} value={`blocker-${blocker.id}`} onSelect={choose(go(paths.blocker(blocker.id)))}>
                    <span className="min-w-0 flex-1 truncate">{blocker.title}</span>
                    {blocker.matchedIn !== "title" && <span className="shrink-0 text-xs text-muted-foreground">{t(`search.matchedIn.${blocker.matchedIn}`)}</span>}
                    {blocker.status !== "open" && <StatusBadge status={blocker.status} />}
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
            {people.length > 0 && (
              <CommandGroup heading={t("search.people")}>
                {people.map((person) => (
                  <CommandItem key={person.id} value={`person-${person.id}`} onSelect={choose(go(paths.user(person.id)))}>
                    <PersonAvatar person={person} />
                    <span className="min-w-0 flex-1 truncate">{personName(person, t)}</span>
                    {person.fullName && <span className="truncate text-xs text-muted-foreground">{person.email}</span>}
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
            {shownActions.length > 0 && (
              <CommandGroup heading={t("search.actionsHeading")}>
                {shownActions.map(({ id, label, icon: Icon, run }) => (
                  <CommandItem key={id} value={`action-${id}`} onSelect={choose(run)}>
                    <Icon aria-hidden="true" />
                    {label}
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
