// "Ask someone else" about a blocker whose parts were declined (whom they suggested first), for the people waiting.
// Its own module, loaded only when a row needs it: the people picker (a popover and cmdk) stays out of the dashboard's
// first download (docs/benchmarks.md). Cancelling is in the row's menu.
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { PeoplePickerMenu } from "@/web/features/people/components/people-picker";
import { addPerson } from "../api/change-people";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { everyoneOnCard, suggestionFor } from "./declined-parts";

export default function AskSomeoneElse({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const add = useBlockerMutation(addPerson, { successMessage: () => t("blockers.people.added") });
  if (!card.can.changePeople) return null;
  return (
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
  );
}
