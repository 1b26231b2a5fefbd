// A card's declined parts, for the people waiting: who declined and why (and whom they suggested), and — when
// nobody is left pending — why the card is not counted (what to do next is in declined-actions.tsx).
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import { personName } from "@/web/lib/person-name";
import type { BlockerCardData } from "../api/get-dashboard-list";

/** Open, and nobody left to wait on: every part declined, or released because its person left the team. */
export const nobodyPending = (card: Pick<BlockerCardData, "status" | "blocking">) => card.status === "open" && !card.blocking.some((part) => part.status === "pending");

/** Everyone on the blocker: nobody of them can be added again. */
export const everyoneOnCard = (card: Pick<BlockerCardData, "creator" | "waiting" | "blocking">) => [card.creator.id, ...card.waiting.map((person) => person.id), ...card.blocking.map((part) => part.person.id)];

/** Whom someone who declined suggested asking, if that person is not on the blocker yet. */
export function suggestionFor(card: Pick<BlockerCardData, "creator" | "waiting" | "blocking">) {
  const onBlocker = everyoneOnCard(card);
  return card.blocking.map((part) => (part.status === "declined" ? part.suggested?.id : undefined)).find((id) => id !== undefined && !onBlocker.includes(id));
}

export function DeclinedParts({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const declined = card.blocking.filter((part) => part.status === "declined");
  const stalled = nobodyPending(card);
  if (declined.length === 0 && !stalled) return null;
  return (
    <div className={cn("grid gap-1 rounded-md border px-3 py-2 text-sm", stalled ? "border-amber-600/40 bg-amber-500/10" : "bg-muted/40")}>
      <ul className="grid gap-1">
        {declined.map((part) => (
          <li key={part.person.id} className="break-words">
            {t("blockers.declined.line", { name: personName(part.person, t), reason: part.declineReason ?? "" })}
            {part.suggested && <> {t("blockers.declined.suggests", { name: personName(part.suggested, t) })}</>}
          </li>
        ))}
      </ul>
      {stalled && <p className="text-muted-foreground">{card.invited.length > 0 ? t("blockers.declined.waitingToJoin", { emails: card.invited.join(", ") }) : t("blockers.declined.notCounted")}</p>}
    </div>
  );
}
