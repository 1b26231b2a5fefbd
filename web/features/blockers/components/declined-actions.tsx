// What the people waiting can do about declined parts: ask someone else, or cancel. Its own module, loaded by the
// dashboard only when a card needs it: the people picker (a popover and cmdk) stays out of the dashboard's first
// download (docs/benchmarks.md).
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { PeoplePickerMenu } from "@/web/features/people/components/people-picker";
import { addPerson } from "../api/change-people";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { CancelBlockerButton } from "./cancel-blocker-button";
import { everyoneOnCard, nobodyPending, suggestionFor } from "./declined-parts";

/** "Ask someone else" (whom they suggested first) and, when nobody is left pending, "Cancel" — as `can` allows. */
export default function DeclinedActions({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const add = useBlockerMutation(addPerson, { successMessage: () => t("blockers.people.added") });
  const declined = card.blocking.filter((part) => part.status === "declined");
  if (declined.length === 0 && !nobodyPending(card)) return null;
  return (
    <>
      {card.can.changePeople && (
        <PeoplePickerMenu
          exclude={everyoneOnCard(card)}
          suggested={suggestionFor(card)}
          onSelect={(person) => add.mutate({ id: card.id, profileId: person.id, role: "blocking" })}
          trigger={
            <Button size="sm" variant="outline" disabled={add.isPending} aria-label={t("blockers.declined.askNamed", { title: card.title })}>
              <UserPlus aria-hidden="true" />
              {t("blockers.declined.ask")}
            </Button>
          }
        />
      )}
      {card.can.cancel && nobodyPending(card) && <CancelBlockerButton blockerId={card.id} title={card.title} size="sm" />}
    </>
  );
}
