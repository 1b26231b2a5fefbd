// The one people picker: a searchable, keyboard-driven list of teammates (cmdk in a popover), used to choose
// whom a blocker waits on, who else it blocks, whom to ask instead, whom to add, and whom to filter by. Where the
// field allows it, an address typed that nobody in the team has is offered as an invitation.
import { useQuery } from "@tanstack/react-query";
import { Check, ChevronsUpDown, Mail, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenableProps } from "@/web/components/load-on-use";
import { Link } from "react-router";
import { isEmail } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Button } from "@/web/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandLoading } from "@/web/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { cn } from "@/web/lib/cn";
import { personName } from "@/web/lib/person-name";
import { teammatesQueryOptions, type Teammate } from "../api/list-teammates";
import { AwayBadge } from "@/web/components/away-badge";

type Offer = {
  /** Profiles not offered: already on the blocker, or chosen in the other picker. */
  exclude?: string[];
  /** The signed-in person is left out unless this is set (nobody waits on themselves). */
  includeSelf?: boolean;
};

type MenuProps = Offer & OpenableProps & {
  selected?: string[];
  /** Keeps the list open after a choice, to pick several people in a row. */
  multiple?: boolean;
  onSelect: (person: Teammate) => void;
  align?: "start" | "center" | "end";
  /** Someone to offer first, marked as suggested (whom a person who declined named): Enter picks them. */
  suggested?: string;
  /** Offers to invite whoever's address is typed, when nobody in the team has it (DESIGN.md §3). */
  onInvite?: (email: string) => void;
};

/** The popover list itself, opened by any trigger. */
export function PeoplePickerMenu({ trigger, defaultOpen = false, selected = [], multiple = false, onSelect, exclude = [], includeSelf = false, align = "start", suggested, onInvite }: MenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const [search, setSearch] = useState("");
  const { profile } = useAuth();
  const teammates = useQuery(teammatesQueryOptions());
  const offered = teammates.data
    ?.filter((person) => !exclude.includes(person.id) && (includeSelf || person.id !== profile?.id))
    .sort((a, b) => Number(b.id === suggested) - Number(a.id === suggested));
  const aloneInTeam = (teammates.data?.length ?? 0) <= 1;
  const emptyText = aloneInTeam ? t("people.picker.nobody") : offered?.length === 0 ? t("people.picker.allChosen") : t("people.picker.noMatch");
  const typedEmail = search.trim().toLowerCase();
  const canInvite = onInvite !== undefined && teammates.isSuccess && isEmail(typedEmail) && !teammates.data.some((person) => person.email.toLowerCase() === typedEmail);

  function invite() {
    onInvite?.(typedEmail);
    setSearch("");
    if (!multiple) setOpen(false);
  }

  function choose(person: Teammate) {
    onSelect(person);
    setSearch("");
    if (!multiple) setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72 p-0" align={align} aria-label={t("people.picker.label")}>
        <Command label={t("people.picker.label")}>
          <CommandInput placeholder={t("people.picker.search")} value={search} onValueChange={setSearch} />
          <CommandList>
            {teammates.isPending && <CommandLoading>{t("ui.loading")}</CommandLoading>}
            {teammates.isError && <p className="px-3 py-6 text-center text-sm text-destructive">{teammates.error.message}</p>}
            {canInvite && (
              <CommandGroup forceMount>
                <CommandItem forceMount value={`invite ${typedEmail}`} onSelect={invite}>
                  <Mail aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{t("people.picker.invite", { email: typedEmail })}</span>
                </CommandItem>
              </CommandGroup>
            )}
            {teammates.isSuccess && !canInvite && (
              <CommandEmpty>
                {emptyText}
                {aloneInTeam && (
                  <Link to={paths.organizationInvites} className="mt-2 block font-medium text-primary underline-offset-4 hover:underline">
                    {t("sidebar.team.invite")}
                  </Link>
                )}
              </CommandEmpty>
            )}
            <CommandGroup>
              {offered?.map((person) => {
                const isSelected = selected.includes(person.id);
                return (
                  <CommandItem key={person.id} value={`${person.fullName ?? ""} ${person.email}`} onSelect={() => choose(person)} aria-checked={multiple ? isSelected : undefined}>
                    <PersonAvatar person={person} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate">{personName(person, t)}</span>
                      {person.fullName && <span className="truncate text-xs text-muted-foreground">{person.email}</span>}
                    </span>
                    <AwayBadge awayUntil={person.awayUntil} />
                    {person.id === suggested && <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{t("people.picker.suggested")}</span>}
                    <Check className={cn("ml-auto", isSelected ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                  </CommandItem>
                );
              })}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

type FieldControl = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

type PickerProps = Offer &
  FieldControl & {
    value: string[];
    onChange: (ids: string[]) => void;
    /** Several people (chips with a remove button each), or one (the trigger shows who). */
    multiple?: boolean;
    placeholder: string;
    /** People outside the team, by e-mail, when the field may name them (several people only). */
    emails?: string[];
    onEmailsChange?: (emails: string[]) => void;
  };

/** A form field choosing people; pass FormField's control props so the label and errors reach the trigger. */
export function PeoplePicker({ value, onChange, multiple = true, placeholder, exclude = [], includeSelf, emails = [], onEmailsChange, ...control }: PickerProps) {
  const { t } = useTranslation();
  // The field's label names the trigger; what it shows (who is chosen) is read as its description.
  const shownId = useId();
  const triggerProps = { ...control, "aria-describedby": [shownId, control["aria-describedby"]].filter(Boolean).join(" ") };
  const teammates = useQuery(teammatesQueryOptions());
  const chosen = value.map((id) => teammates.data?.find((person) => person.id === id) ?? { id, fullName: null, email: "", avatarUrl: null });
  const toggle = (person: Teammate) => onChange(value.includes(person.id) ? value.filter((id) => id !== person.id) : multiple ? [...value, person.id] : [person.id]);
  const fieldClasses = "h-auto min-h-9 w-full justify-between px-3 font-normal aria-invalid:border-destructive";

  if (!multiple) {
    const [person] = chosen;
    return (
      <div className="flex gap-2">
        <PeoplePickerMenu
          selected={value}
          onSelect={(picked) => onChange([picked.id])}
          exclude={exclude}
          includeSelf={includeSelf}
          trigger={
            <Button type="button" variant="outline" className={fieldClasses} {...triggerProps}>
              {person ? (
                <span id={shownId} className="flex min-w-0 items-center gap-2">
                  <PersonAvatar person={person} className="size-5" />
                  <span className="truncate">{personName(person, t)}</span>
                </span>
              ) : (
                <span id={shownId} className="text-muted-foreground">
                  {placeholder}
                </span>
              )}
              <ChevronsUpDown className="opacity-50" aria-hidden="true" />
            </Button>
          }
        />
        {person && (
          <Button type="button" variant="ghost" size="icon" onClick={() => onChange([])} aria-label={t("people.picker.clear")}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      {chosen.length + emails.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("people.picker.chosen")}>
          {chosen.map((person) => (
            <li key={person.id} className="flex items-center gap-1.5 rounded-full border bg-secondary py-0.5 pr-0.5 pl-1 text-sm text-secondary-foreground">
              <PersonAvatar person={person} className="size-5" />
              <span className="max-w-40 truncate">{personName(person, t)}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((id) => id !== person.id))}
                className="flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t("people.picker.remove", { name: personName(person, t) })}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
          {emails.map((email) => (
            <li key={email} className="flex items-center gap-1.5 rounded-full border border-dashed bg-secondary py-0.5 pr-0.5 pl-1.5 text-sm text-secondary-foreground">
              <Mail className="size-3.5 text-muted-foreground" aria-hidden="true" />
              <span className="max-w-48 truncate">{t("people.picker.invitedChip", { email })}</span>
              <button
                type="button"
                onClick={() => onEmailsChange?.(emails.filter((other) => other !== email))}
                className="flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t("people.picker.remove", { name: email })}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PeoplePickerMenu
        multiple
        selected={value}
        onSelect={toggle}
        onInvite={onEmailsChange && ((email) => onEmailsChange(emails.includes(email) ? emails : [...emails, email]))}
        exclude={exclude}
        includeSelf={includeSelf}
        trigger={
          <Button type="button" variant="outline" className={fieldClasses} {...triggerProps}>
            <span id={shownId} className="flex items-center gap-2 text-muted-foreground">
              <Plus aria-hidden="true" />
              {chosen.length + emails.length > 0 ? t("people.picker.addMore") : placeholder}
            </span>
            <ChevronsUpDown className="opacity-50" aria-hidden="true" />
          </Button>
        }
      />
    </div>
  );
}
