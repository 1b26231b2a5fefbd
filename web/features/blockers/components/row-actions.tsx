// A row's actions: its one primary action (Mark done on my desk; Nudge, or Ask someone else, on what I wait for) and
// the button of its menu for the rest (row-menu.tsx, loaded when first opened).
import { Check, Ellipsis } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { loadOnUse } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { nobodyPending } from "./declined-parts";
import { NudgeButton } from "./nudge-button";
import { isSnoozed } from "./part-status";
import { useMarkDone } from "./use-answers";

const RowMenu = loadOnUse(() => import("./row-menu"), "menu");
// Asking someone else brings the people picker: loaded only when a row needs it.
const AskSomeoneElse = lazy(() => import("./declined-actions"));

/** The ⋯ button of a row's menu. `s` opens it on the snooze choices when the viewer may snooze. */
export function RowMenuButton({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  return (
    <RowMenu
      card={card}
      trigger={
        <Button size="icon-sm" variant="ghost" aria-label={t("blockers.row.more", { title: card.title })} {...(card.can.snooze ? shortcutAttributes("snooze") : {})}>
          <Ellipsis aria-hidden="true" />
        </Button>
      }
    />
  );
}

/** Mark my part done (`d`). */
export function MarkDoneButton({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const done = useMarkDone();
  if (!card.can.markDone) return null;
  return (
    <Button size="sm" disabled={done.isPending} onClick={() => done.mutate(card.id)} {...shortcutAttributes("done")} aria-label={t("blockers.done.buttonFor", { title: card.title })}>
      <Check aria-hidden="true" />
      {t("blockers.done.buttonShort")}
    </Button>
  );
}

/**
 * What I wait for: when nobody is left pending, Ask someone else; otherwise a nudge to the first person still pending
 * and awake (`n`; the others are in the menu), or to the first pending if all snoozed (the button says until when).
 */
export function WaitingPrimaryAction({ card, now }: { card: BlockerCardData; now: Date }) {
  if (nobodyPending(card)) {
    return (
      // Holds the row's height while the picker's code loads.
      <Suspense fallback={<span aria-hidden="true" className="inline-block h-8" />}>
        <AskSomeoneElse card={card} />
      </Suspense>
    );
  }
  if (!card.can.nudge) return null;
  const pending = card.blocking.filter((part) => part.status === "pending" && !part.person.formerMember);
  const part = pending.find((candidate) => !isSnoozed(candidate, now)) ?? pending[0];
  return part ? <NudgeButton blockerId={card.id} part={part} now={now} short /> : null;
}
