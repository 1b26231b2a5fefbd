import type { RefObject } from "react";

/**
 * A dialog's onCloseAutoFocus for a dialog opened from a menu item, which no longer exists once the menu closed: focus
 * goes back to the menu's button instead of the page's start, so a keyboard user carries on where they were.
 */
export const returnFocusTo = (target: RefObject<HTMLElement | null> | undefined) =>
  target
    ? (event: Event) => {
        event.preventDefault();
        target.current?.focus();
      }
    : undefined;
