// A row's menu: everything the viewer may do with the blocker besides the row's primary action, as the server's
// `can` allows — the snooze choices (first, so `s` opens the menu on them), Decline…, a nudge to each person still
// pending, Resolve, Cancel…, Reopen, Open. Loaded the first time a row's menu is opened (loadOnUse): the menu, its
// dialogs and the snooze arithmetic stay out of the dashboard's first download.
import { BellRing, Ban, CircleCheck, ExternalLink, RotateCcw, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { useFirstItemFocus, type OpenableProps } from "@/web/components/load-on-use";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { personName } from "@/web/lib/person-name";
import { useNow } from "@/web/lib/use-now";
import { reopenBlocker } from "../api/end-blocker";
import type { BlockerCardData, BlockingPart } from "../api/get-dashboard-list";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { CancelBlockerDialog } from "./cancel-blocker-button";
import { DeclineBlockerDialog } from "./decline-dialog";
import { nudgeWait, useNudge } from "./nudge-button";
import { SnoozeChoiceItems, SnoozeDayDialog } from "./snooze-choices";
import { useResolve } from "./use-answers";

type Dialog = "snooze-day" | "decline" | "cancel" | undefined;

export default function RowMenu({ card, trigger, defaultOpen = false, openedByKeyboard }: OpenableProps & { card: BlockerCardData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const [dialog, setDialog] = useState<Dialog>();
  const firstItemFocus = useFirstItemFocus(openedByKeyboard);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { can } = card;
  const resolve = useResolve();
  const reopen = useBlockerMutation(reopenBlocker, { successMessage: () => t("blockers.actions.reopened") });
  const pending = can.nudge ? card.blocking.filter((part) => part.status === "pending" && !part.person.formerMember) : [];
  const ending = can.resolve || can.cancel || can.reopen;
  const dialogOpen = (which: Dialog) => ({ open: dialog === which, onOpenChange: (open: boolean) => setDialog(open ? which : undefined) });

  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild ref={triggerRef}>
          {trigger}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-56" ref={firstItemFocus}>
          {can.snooze && (
            <>
              <SnoozeChoiceItems blockerId={card.id} onPickDay={() => setDialog("snooze-day")} />
              <DropdownMenuSeparator />
            </>
          )}
          {can.decline && (
            <DropdownMenuItem onSelect={() => setDialog("decline")}>
              <X aria-hidden="true" />
              {t("blockers.decline.button")}…
            </DropdownMenuItem>
          )}
          {pending.map((part) => (
            <NudgeItem key={part.person.id} blockerId={card.id} part={part} now={now} />
          ))}
          {ending && (can.decline || pending.length > 0) && <DropdownMenuSeparator />}
          {can.resolve && (
            <DropdownMenuItem disabled={resolve.isPending} onSelect={() => resolve.mutate(card.id)}>
              <CircleCheck aria-hidden="true" />
              {t("blockers.actions.resolve")}
            </DropdownMenuItem>
          )}
          {can.cancel && (
            <DropdownMenuItem variant="destructive" onSelect={() => setDialog("cancel")}>
              <Ban aria-hidden="true" />
              {t("blockers.actions.cancel")}…
            </DropdownMenuItem>
          )}
          {can.reopen && (
            <DropdownMenuItem disabled={reopen.isPending} onSelect={() => reopen.mutate(card.id)}>
              <RotateCcw aria-hidden="true" />
              {t("blockers.actions.reopen")}
            </DropdownMenuItem>
          )}
          {(can.snooze || can.decline || pending.length > 0 || ending) && <DropdownMenuSeparator />}
          <DropdownMenuItem onSelect={() => void navigate(paths.blocker(card.id))}>
            <ExternalLink aria-hidden="true" />
            {t("blockers.row.open")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {can.snooze && <SnoozeDayDialog blockerId={card.id} {...dialogOpen("snooze-day")} returnFocusTo={triggerRef} />}
      {can.decline && <DeclineBlockerDialog blockerId={card.id} {...dialogOpen("decline")} returnFocusTo={triggerRef} />}
      {can.cancel && <CancelBlockerDialog blockerId={card.id} {...dialogOpen("cancel")} returnFocusTo={triggerRef} />}
    </>
  );
}

/** "Nudge Bob", or why not now ("Bob snoozed this until Tue 09:00"), as the server would answer. */
function NudgeItem({ blockerId, part, now }: { blockerId: string; part: BlockingPart; now: Date }) {
  const { t } = useTranslation();
  const name = personName(part.person, t);
  const nudge = useNudge(name);
  const wait = nudgeWait(part, now, t);
  return (
    <DropdownMenuItem disabled={Boolean(wait) || nudge.isPending} onSelect={() => nudge.mutate({ id: blockerId, profileId: part.person.id })}>
      <BellRing aria-hidden="true" />
      <span className="grid">
        {t("blockers.nudge.button", { name })}
        {wait && <span className="text-xs text-muted-foreground">{wait}</span>}
      </span>
    </DropdownMenuItem>
  );
}
