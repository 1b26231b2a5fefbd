// Signed in: Waiting on me and I'm waiting on (common/holdup-client/columns.ts, the tray's columns too), with the
// actions that fit each, read again whenever the service worker has read the counters (after every change it hears
// of, and every minute), so a change that moves no count (a nudge, a new title) shows too. Or the
// form that logs the page open in the tab as a blocker.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { imWaitingOnItems, waitingOnMeItems, type ColumnItem, type Columns } from "../../../common/holdup-client/columns.ts";
import { holdupApi, HoldupApiError, type HoldupApi } from "../../../common/holdup-client/holdup-api.ts";
import { t } from "../i18n.ts";
import { ask } from "../messages.ts";
import { withoutCookies, type Stored } from "../stored.ts";
import { LogPageView } from "./log-page-view.tsx";

type Me = Awaited<ReturnType<HoldupApi["me"]>>;
type Loaded = { me: Me; columns: Columns };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function readColumns(api: HoldupApi): Promise<Loaded> {
  try {
    const [me, waitingOnMe, imWaitingOn] = await Promise.all([api.me(), api.waitingOnMe(), api.imWaitingOn()]);
    const now = api.serverNow();
    return { me, columns: { waitingOnMe: waitingOnMeItems(waitingOnMe, me.person.id, now), imWaitingOn: imWaitingOnItems(imWaitingOn, now) } };
  } catch (error) {
    // Signed out meanwhile: the service worker finds out too, forgets the token, and this view gives way.
    if (error instanceof HoldupApiError && error.signedOut) void ask({ kind: "refresh" });
    throw error;
  }
}

export function SignedInView({ stored, token }: { stored: Stored; token: string }) {
  const api = useMemo(() => holdupApi({ baseUrl: stored.serverUrl, token, fetch: withoutCookies }), [stored.serverUrl, token]);
  // Read on opening, and again whenever the worker has read the counters (it heard of a change in the team).
  const query = useQuery({ queryKey: ["columns", stored.serverUrl, token, stored.countedAt], queryFn: () => readColumns(api), placeholderData: (previous) => previous, retry: false });
  const loaded = query.data;
  const [failure, setFailure] = useState<string>();
  const problem = failure ?? (query.error ? messageOf(query.error) : undefined);
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [logging, setLogging] = useState(false);

  const act = async (key: string, work: () => Promise<unknown>, done: string) => {
    setBusy(key);
    setStatus(undefined);
    try {
      await work();
      setStatus(done);
      setFailure(undefined);
      // The worker reads the counters again and stamps countedAt, which reads the lists again (the query's key):
      // one read of them, not the popup's own and then the worker's.
      await ask({ kind: "refresh" });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(undefined);
    }
  };

  if (logging && loaded) {
    return (
      <LogPageView
        api={api}
        me={loaded.me.person.id}
        onBack={() => setLogging(false)}
        onLogged={(message) => {
          setLogging(false);
          setStatus(message);
          void ask({ kind: "refresh" });
        }}
      />
    );
  }

  const offline = stored.connection.kind === "offline";
  return (
    <div className="space-y-4">
      {offline || problem ? (
        <div role="alert" className="space-y-2 rounded-md border border-destructive/40 p-2 text-sm text-destructive">
          <p>{offline ? t("problem.offline", { server: stored.serverUrl }) : problem}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setFailure(undefined);
              void ask({ kind: "refresh" });
            }}
          >
            {t("problem.retry")}
          </Button>
        </div>
      ) : null}
      <output className="block text-sm empty:hidden">{status}</output>
      {!loaded ? (
        <p className="text-sm text-muted-foreground">{t("columns.loading")}</p>
      ) : (
        <>
          <Column id="waiting-on-me" heading={t("columns.waitingOnMe")} empty={t("columns.waitingOnMeEmpty")} items={loaded.columns.waitingOnMe}>
            {(item) => (
              <>
                <p className="text-xs text-muted-foreground">{t("columns.waiting", { people: item.people, age: item.age })}</p>
                {item.myPartPending ? (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" disabled={busy !== undefined} aria-label={t("columns.markDoneLabel", { title: item.title })} onClick={() => void act(`done ${item.id}`, () => api.markDone(item.id), t("columns.markedDone", { title: item.title }))}>
                      {t("columns.markDone")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy !== undefined}
                      aria-label={t("columns.snoozeLabel", { title: item.title })}
                      onClick={() => void act(`snooze ${item.id}`, () => api.snoozeUntilTomorrow(item.id), t("columns.snoozed", { title: item.title }))}
                    >
                      {t("columns.snooze")}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </Column>
          <Column id="im-waiting-on" heading={t("columns.imWaitingOn")} empty={t("columns.imWaitingOnEmpty")} items={loaded.columns.imWaitingOn}>
            {(item) => (
              <>
                <p className="text-xs text-muted-foreground">{t("columns.waitingOn", { people: item.people, age: item.age })}</p>
                {item.nudgeable.length > 0 ? (
                  <div className="flex flex-wrap gap-2">
                    {item.nudgeable.map((person) => (
                      <Button
                        key={person.profileId}
                        size="sm"
                        variant="outline"
                        disabled={busy !== undefined}
                        aria-label={t("columns.nudgeLabel", { name: person.name, title: item.title })}
                        onClick={() => void act(`nudge ${item.id} ${person.profileId}`, () => api.nudge(item.id, person.profileId), t("columns.nudged", { name: person.name }))}
                      >
                        {t("columns.nudge", { name: person.name })}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </>
            )}
          </Column>
          <Button variant="secondary" className="w-full" onClick={() => setLogging(true)}>
            {t("logPage.open")}
          </Button>
          <footer className="flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-xs text-muted-foreground">
            <span>{t("footer.team", { team: loaded.me.team.name, name: loaded.me.person.name ?? loaded.me.person.email })}</span>
            <span className="flex gap-3">
              <a className="underline underline-offset-2" href={stored.serverUrl} target="_blank" rel="noreferrer">
                {t("footer.openHoldup")}
              </a>
              <button type="button" className="underline underline-offset-2" onClick={() => void chrome.runtime.openOptionsPage()}>
                {t("footer.settings")}
              </button>
              <button type="button" className="underline underline-offset-2" onClick={() => void ask({ kind: "sign-out" })}>
                {t("footer.signOut")}
              </button>
            </span>
          </footer>
        </>
      )}
    </div>
  );
}

function Column({ id, heading, empty, items, children }: { id: string; heading: string; empty: string; items: ColumnItem[]; children: (item: ColumnItem) => React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 text-sm font-semibold">
        {heading} <span className="text-muted-foreground">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={`${id}-heading`} className="space-y-2">
          {items.map((item) => (
            <li key={item.id} className="space-y-1 rounded-md border p-2">
              <a className="block text-sm font-medium underline-offset-2 hover:underline" href={item.url} target="_blank" rel="noreferrer">
                {item.title}
              </a>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
