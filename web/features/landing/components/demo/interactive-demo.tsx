// The landing page's try-it-yourself dashboard: the real dashboard's look on made-up data, all in memory.
// It must stay sandboxed: no server, account, cookies or storage, and nothing from other features (they bring the
// API client). Loaded with a dynamic import when the visitor asks for it.
import "./demo-strings";
import { BellRing, Check, CircleCheck, Hourglass, Inbox, Plus, RotateCcw } from "lucide-react";
import { useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Avatar, AvatarFallback } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";
import { demoFrameClassName } from "./demo-frame";
import {
  DEMO_TITLE_MAX,
  demoReducer,
  imWaitingOn,
  initialDemoState,
  teammateOf,
  titleProblem,
  waitingOnMe,
  type DemoBlocker,
  type DemoNotice,
  type DemoPerson,
  type DemoState,
  type TitleProblem,
} from "./demo-state";

export default function InteractiveDemo() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  // Resetting the demo empties the form too: a new key gives a fresh one.
  const [formKey, setFormKey] = useState(0);
  const ids = useId();
  const titleId = `${ids}-title`;
  const waitingOnMeId = `${ids}-waiting-on-me`;
  const imWaitingOnId = `${ids}-im-waiting-on`;
  const doneButtonId = (blockerId: string) => `${ids}-done-${blockerId}`;

  const mine = waitingOnMe(state);
  const theirs = imWaitingOn(state);
  const firstName = state.you.name.split(" ")[0] ?? state.you.name;

  // A pressed Done button disappears with its card: focus moves on to the next card's Done button (or the
  // column's heading once it is empty) instead of falling back to the page.
  const markDone = (blockerId: string) => {
    const index = mine.findIndex((blocker) => blocker.id === blockerId);
    const next = mine[index + 1] ?? mine[index - 1];
    flushSync(() => dispatch({ type: "markDone", blockerId }));
    document.getElementById(next ? doneButtonId(next.id) : waitingOnMeId)?.focus();
  };

  return (
    <section aria-labelledby={titleId} className={cn("flex flex-col overflow-hidden rounded-xl border bg-card text-left text-card-foreground shadow-lg", demoFrameClassName)}>
      <div className="flex items-center gap-3 border-b bg-muted px-3 py-2">
        <span className="hidden shrink-0 gap-1.5 sm:flex" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-green-500" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 text-xs leading-tight font-medium text-muted-foreground">
          {t("demo.title")}
        </h2>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="shrink-0"
          onClick={() => {
            dispatch({ type: "reset" });
            setFormKey((key) => key + 1);
          }}
        >
          <RotateCcw aria-hidden="true" />
          {t("demo.reset")}
        </Button>
      </div>

      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto bg-background p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <p className="text-lg font-semibold tracking-tight">{t("demo.greeting", { name: firstName })}</p>
            <p className="text-sm text-muted-foreground">{t("demo.subtitle", { name: state.you.name })}</p>
          </div>
          <dl aria-label={t("demo.counters")} className="grid w-full grid-cols-2 gap-2 sm:w-auto">
            <Counter label={t("demo.waitingOnMe")} value={mine.length} />
            <Counter label={t("demo.imWaitingOn")} value={theirs.length} />
          </dl>
        </div>

        <AddBlockerForm
          key={formKey}
          teammates={state.teammates}
          onAdd={(title, blockingPersonId) => dispatch({ type: "addBlocker", title, blockingPersonId, nowLabel: t("demo.justNow") })}
        />

        <div className="grid gap-4 md:grid-cols-2">
          <Column headingId={waitingOnMeId} title={t("demo.waitingOnMe")} blockers={mine} empty={<Empty icon={<Inbox aria-hidden="true" />} text={t("demo.empty.waitingOnMe")} />}>
            {(blocker) => (
              <DemoCard blocker={blocker} person={teammateOf(state, blocker.personId)}>
                <Button type="button" size="sm" id={doneButtonId(blocker.id)} aria-label={t("demo.card.doneFor", { title: blocker.title })} onClick={() => markDone(blocker.id)}>
                  <Check aria-hidden="true" />
                  {t("demo.card.done")}
                </Button>
              </DemoCard>
            )}
          </Column>
          <Column headingId={imWaitingOnId} title={t("demo.imWaitingOn")} blockers={theirs} empty={<Empty icon={<Hourglass aria-hidden="true" />} text={t("demo.empty.imWaitingOn")} />}>
            {(blocker) => {
              const person = teammateOf(state, blocker.personId);
              return (
                <DemoCard blocker={blocker} person={person}>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={t("demo.card.nudge", { name: person.name })}
                    onClick={() => dispatch({ type: "nudge", blockerId: blocker.id, nowLabel: t("demo.justNow") })}
                  >
                    <BellRing aria-hidden="true" />
                    {t("demo.card.nudge", { name: firstNameOf(person) })}
                  </Button>
                </DemoCard>
              );
            }}
          </Column>
        </div>

        <Resolved state={state} />
      </div>

      {/* Outside the scrolling part, so the answer to a press is in view wherever the pressed button was. */}
      <output aria-live="polite" aria-atomic="true" className="block min-h-9 border-t bg-muted px-3 py-2 text-sm">
        {state.notice ? noticeText(state, state.notice, t) : <span className="text-muted-foreground">{t("demo.status.idle")}</span>}
      </output>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

function noticeText(state: DemoState, notice: DemoNotice, t: Translate): string {
  switch (notice.kind) {
    case "added":
      return t("demo.status.added", { title: notice.title, name: teammateOf(state, notice.personId).name });
    case "nudged":
      return t("demo.status.nudged", { name: teammateOf(state, notice.personId).name });
    case "nudgeRefused":
      return t("demo.status.nudgeRefused", { name: teammateOf(state, notice.personId).name });
    case "done":
      return t("demo.status.done", { title: notice.title, name: teammateOf(state, notice.personId).name });
    case "reset":
      return t("demo.status.reset");
  }
}

const firstNameOf = (person: DemoPerson) => person.name.split(" ")[0] ?? person.name;
const initialsOf = (person: DemoPerson) =>
  person.name
    .split(" ")
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2);

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex min-w-28 flex-col-reverse rounded-lg border bg-card px-3 py-1.5 text-card-foreground">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function AddBlockerForm({ teammates, onAdd }: { teammates: DemoPerson[]; onAdd: (title: string, blockingPersonId: string) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const titleInputId = `${ids}-title`;
  const errorId = `${ids}-error`;
  const personSelectId = `${ids}-person`;
  const titleInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [blockingPersonId, setBlockingPersonId] = useState(teammates[0]?.id ?? "");
  const [problem, setProblem] = useState<TitleProblem | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = titleProblem(title);
    setProblem(found);
    if (found) {
      titleInput.current?.focus();
      return;
    }
    onAdd(title, blockingPersonId);
    setTitle("");
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t("demo.form.heading")} className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-start">
      <div className="grid gap-1.5">
        <Label htmlFor={titleInputId}>{t("demo.form.title")}</Label>
        <Input
          ref={titleInput}
          id={titleInputId}
          value={title}
          required
          autoComplete="off"
          placeholder={t("demo.form.titlePlaceholder")}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          // Once an error shows, it follows the typing, so it goes away as soon as the title is fine.
          onChange={(event) => {
            setTitle(event.target.value);
            if (problem) setProblem(titleProblem(event.target.value));
          }}
        />
        {problem && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {problem === "required" ? t("demo.form.required") : t("demo.form.tooLong", { max: DEMO_TITLE_MAX })}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={personSelectId}>{t("demo.form.person")}</Label>
        <select
          id={personSelectId}
          value={blockingPersonId}
          onChange={(event) => setBlockingPersonId(event.target.value)}
          className="h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-base shadow-xs [color-scheme:light] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:text-sm dark:bg-input/30 dark:[color-scheme:dark]"
        >
          {teammates.map((teammate) => (
            <option key={teammate.id} value={teammate.id} className="bg-popover text-popover-foreground">
              {t("demo.form.personOption", { name: teammate.name, role: teammate.role })}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        {/* Lines the button up with the fields under their labels. */}
        <span className="hidden h-3.5 sm:block" aria-hidden="true" />
        <Button type="submit">
          <Plus aria-hidden="true" />
          {t("demo.form.submit")}
        </Button>
      </div>
    </form>
  );
}

function Column({ headingId, title, blockers, empty, children }: { headingId: string; title: string; blockers: DemoBlocker[]; empty: ReactNode; children: (blocker: DemoBlocker) => ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      {/* Focusable from script only: where focus lands when the last card of the column goes. */}
      <h3 id={headingId} tabIndex={-1} className="rounded-sm text-base font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {title}
      </h3>
      {blockers.length === 0 ? (
        empty
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-2">
          {blockers.map((blocker) => (
            <li key={blocker.id}>{children(blocker)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground [&_svg]:size-5">
      {icon}
      <p className="max-w-64">{text}</p>
    </div>
  );
}

function DemoCard({ blocker, person, children }: { blocker: DemoBlocker; person: DemoPerson; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const nudges = t("demo.card.nudges", { count: blocker.nudgeCount });
  const nudgeLine =
    blocker.lastNudged === null
      ? t("demo.card.notNudged")
      : blocker.side === "waitingOnMe"
        ? t("demo.card.nudgedYou", { name: firstNameOf(person), when: blocker.lastNudged, nudges })
        : t("demo.card.nudged", { when: blocker.lastNudged, nudges });
  return (
    <article aria-labelledby={titleId} className="grid gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs">
      <div className="flex items-start gap-3">
        <h4 id={titleId} className="min-w-0 flex-1 text-sm leading-snug font-medium break-words">
          {blocker.title}
        </h4>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          <span className="sr-only">{t("demo.card.logged")} </span>
          {blocker.age}
        </span>
      </div>
      <div className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <Avatar className="size-6 text-[0.65rem] font-medium">
          <AvatarFallback aria-hidden="true">{initialsOf(person)}</AvatarFallback>
        </Avatar>
        <span className="min-w-0 truncate">{blocker.side === "waitingOnMe" ? t("demo.card.isWaiting", { name: person.name }) : t("demo.card.waitingOn", { name: person.name })}</span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{nudgeLine}</p>
        {children}
      </div>
    </article>
  );
}

function Resolved({ state }: { state: DemoState }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border bg-card p-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        {t("demo.resolved.heading")}
        <span className="rounded-full bg-muted px-2 text-xs font-medium text-muted-foreground tabular-nums">{state.resolved.length}</span>
      </h3>
      {state.resolved.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("demo.resolved.none")}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-1">
          {state.resolved.slice(0, 3).map((item) => (
            <li key={item.id} className="flex items-start gap-2 text-sm">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
              <span className="min-w-0 break-words">{t("demo.resolved.item", { title: item.title, name: firstNameOf(teammateOf(state, item.personId)) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
