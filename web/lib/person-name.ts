import type { TFunction } from "i18next";

/**
 * Anyone the API names: a teammate, someone on a blocker, the actor of an event. `formerMember`: they are no
 * longer in the team (left, or removed); the blockers and the timeline still name them. `awayUntil`: the date they
 * said they are away until (web/components/away-badge.tsx).
 */
export type Person = { id: string; fullName: string | null; email: string; avatarUrl: string | null; formerMember?: boolean; awayUntil?: string | null };

/** The name alone: the full name, else the e-mail, else (a deleted profile) "Someone". */
export const bareName = (person: Person | null | undefined, t: TFunction): string => person?.fullName?.trim() || person?.email || t("people.someone");

/** The name to show, marked "(former member)" for someone no longer in the team, wherever people are named. */
export const personName = (person: Person | null | undefined, t: TFunction): string => (person?.formerMember ? t("people.formerMember", { name: bareName(person, t) }) : bareName(person, t));

/** Up to two initials ("Dana Scully" → "DS"), for avatars without a picture. */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  const initials = words.length > 1 ? `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}` : (words[0]?.slice(0, 1) ?? "?");
  return initials.toUpperCase() || "?";
}

/** The first word of a name, for tight places ("Bob" of "Bob Stone"); an e-mail address stays whole. */
export const firstNameOf = (name: string) => (name.includes("@") ? name : (name.split(/\s+/)[0] ?? name));
