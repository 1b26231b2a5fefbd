// The priority, changed in place on a blocker's page (its author and the team's admins): the chip opens this menu.
// Loaded when the chip is first used (loadOnUse).
import { useTranslation } from "react-i18next";
import { blockerPriorities, type BlockerPriority } from "@/common/blockers";
import { useFirstItemFocus, type OpenableProps } from "@/web/components/load-on-use";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { editBlocker } from "../api/edit-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

export default function PriorityMenu({ blockerId, priority, trigger, defaultOpen = false, openedByKeyboard }: OpenableProps & { blockerId: string; priority: BlockerPriority }) {
  const { t } = useTranslation();
  const firstItemFocus = useFirstItemFocus(openedByKeyboard);
  const save = useBlockerMutation(editBlocker, { successMessage: (_result, input) => t("blockers.chips.prioritySaved", { priority: t(`blockers.priority.${input.priority ?? priority}`) }) });
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" ref={firstItemFocus}>
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t("blockers.form.priority")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={priority} onValueChange={(next) => next !== priority && save.mutate({ id: blockerId, priority: next as BlockerPriority })}>
          {[...blockerPriorities].reverse().map((option) => (
            <DropdownMenuRadioItem key={option} value={option} disabled={save.isPending}>
              {t(`blockers.priority.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
