import { useTranslation } from "react-i18next";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { cn } from "@/web/lib/cn";
import { bareName, initialsOf, type Person } from "@/web/lib/person-name";

/** A person's picture, or their initials; decorative (alt="") because the name is always written next to it. */
export function PersonAvatar({ person, className }: { person: Person; className?: string }) {
  const { t } = useTranslation();
  return (
    <Avatar className={cn("size-6 text-[0.65rem] font-medium", className)}>
      {person.avatarUrl && <AvatarImage src={person.avatarUrl} alt="" />}
      <AvatarFallback aria-hidden="true">{initialsOf(bareName(person, t))}</AvatarFallback>
    </Avatar>
  );
}
