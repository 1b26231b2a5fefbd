// The blocker page's Snooze menu: the choices and the day dialog of snooze-choices.tsx. Loaded when Snooze is first
// pressed (or `s`), through loadOnUse, then opened at once.
import { useRef, useState } from "react";
import { useFirstItemFocus, type OpenableProps } from "@/web/components/load-on-use";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { SnoozeChoiceItems, SnoozeDayDialog } from "./snooze-choices";

export default function SnoozeMenu({ blockerId, trigger, defaultOpen = false, openedByKeyboard }: OpenableProps & { blockerId: string }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const firstItemFocus = useFirstItemFocus(openedByKeyboard);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* Not modal: a modal menu hides the page from screen readers while its buttons stay focusable. */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild ref={triggerRef}>
          {trigger}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="min-w-56" ref={firstItemFocus}>
          <SnoozeChoiceItems blockerId={blockerId} onPickDay={() => setDialogOpen(true)} />
        </DropdownMenuContent>
      </DropdownMenu>
      <SnoozeDayDialog blockerId={blockerId} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusTo={triggerRef} />
    </>
  );
}
