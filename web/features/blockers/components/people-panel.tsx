// The people on a blocker: those it waits on, each with their own part (and a nudge), and those waiting.
import { Mail, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { PersonAvatar } from "@/web/components/person-avatar";
import { loadOnUse } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { personName, type Person } from "@/web/lib/person-name";
import { addPerson, removePerson, type PersonRole } from "../api/change-people";
import type { BlockerDetail } from "../api/get-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { everyoneOnCard, suggestionFor } from "./declined-parts";
import { NudgeButton } from "./nudge-button";
import { PartStatus } from "./part-status";
import { AwayBadge } from "@/web/components/away-badge";
import { NextReminder } from "./next-reminder";

// The people picker (a popover, cmdk) loads when an Add is first pressed, not with the blocker's page.
const PeoplePickerMenu = loadOnUse(async () => ({ default: (await import("@/web/features/people/components/people-picker")).PeoplePickerMenu }), "dialog");

export function PeoplePanel({ blocker, now }: { blocker: BlockerDetail; now: Date }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const everyone = everyoneOnCard(blocker);
  const { changePeople, nudge } = blocker.can;
  return (
    <aside aria-label={t("blockers.people.label")} className="grid content-start gap-6 rounded-lg border bg-card p-4">
      <PeopleSection title={t("blockers.people.blocking")} side="blocking" blocker={blocker} exclude={everyone} suggested={suggestionFor(blocker)} canAdd={changePeople}>
        {blocker.blocking.map((part) => (
          <PersonRow key={part.person.id} person={part.person} isMe={part.person.id === profile?.id} removable={changePeople && blocker.blocking.length > 1} side="blocking" blockerId={blocker.id}>
            <PartStatus part={part} now={now} withText />
            <NextReminder part={part} />
            {part.status === "declined" && part.declineReason && <p className="text-xs break-words text-muted-foreground">“{part.declineReason}”</p>}
            {nudge && part.status === "pending" && part.person.id !== profile?.id && (
              <div className="mt-1.5">
                <NudgeButton blockerId={blocker.id} part={part} now={now} short />
              </div>
            )}
          </PersonRow>
        ))}
        {blocker.invited.map((email) => (
          <li key={email} className="flex items-center gap-2 text-sm text-muted-foreground">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{t("blockers.card.invited", { email })}</span>
          </li>
        ))}
      </PeopleSection>
      <PeopleSection title={t("blockers.people.waiting")} side="waiting" blocker={blocker} exclude={everyone} canAdd={changePeople}>
        {blocker.waiting.map((person) => (
          <PersonRow key={person.id} person={person} isMe={person.id === profile?.id} removable={changePeople && person.id !== blocker.creator.id} side="waiting" blockerId={blocker.id}>
            {person.id === blocker.creator.id && <span className="text-xs text-muted-foreground">{t("blockers.people.creator")}</span>}
          </PersonRow>
        ))}
      </PeopleSection>
    </aside>
  );
}

type SectionProps = { title: string; side: PersonRole; blocker: BlockerDetail; exclude: string[]; suggested?: string; canAdd: boolean; children: React.ReactNode };

function PeopleSection({ title, side, blocker, exclude, suggested, canAdd, children }: SectionProps) {
  const { t } = useTranslation();
  const add = useBlockerMutation(addPerson, { successMessage: () => t("blockers.people.added") });
  return (
    <section className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {canAdd && (
          <PeoplePickerMenu
            align="end"
            exclude={exclude}
            suggested={suggested}
            onSelect={(person) => add.mutate({ id: blocker.id, profileId: person.id, role: side })}
            trigger={
              <Button size="sm" variant="ghost" className="h-7 px-2" disabled={add.isPending} aria-label={t(`blockers.people.add.${side}`)}>
                <Plus aria-hidden="true" />
                {t("blockers.people.addShort")}
              </Button>
            }
          />
        )}
      </div>
      <ul className="grid gap-3">{children}</ul>
    </section>
  );
}

type RowProps = { person: Person; isMe: boolean; removable: boolean; side: PersonRole; blockerId: string; children?: React.ReactNode };

function PersonRow({ person, isMe, removable, side, blockerId, children }: RowProps) {
  const { t } = useTranslation();
  const name = personName(person, t);
  const remove = useBlockerMutation(removePerson, { successMessage: () => t("blockers.people.removed", { name }) });
  return (
    <li className="flex items-start gap-2.5">
      <PersonAvatar person={person} className="mt-0.5 size-7" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-baseline gap-1.5 text-sm">
          <Link to={paths.user(person.id)} className="truncate font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {name}
          </Link>
          {isMe && <span className="shrink-0 text-xs text-muted-foreground">{t("blockers.people.you")}</span>}
        </span>
        <AwayBadge awayUntil={person.awayUntil} />
        {children}
      </div>
      {removable && (
        <Button
          size="icon"
          variant="ghost"
          className="size-7 text-muted-foreground"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: blockerId, profileId: person.id, role: side })}
          aria-label={t(`blockers.people.remove.${side}`, { name })}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
