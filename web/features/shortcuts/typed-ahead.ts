// Keys typed before a dialog's code has loaded (Ctrl+K then "pay…" at once, on a page just opened): kept, and given to
// the dialog's field when it appears, so nothing typed is lost (issue #27). Only while such a dialog is on its way.
// The field starts with a peek (a render may be thrown away and done again, so it must not use the keys up) and takes
// them once it is on screen (useTypedAhead).
import { useLayoutEffect, useState } from "react";

/** Which dialog the keys are kept for, and the keys. */
let owner: string | null = null;
let typed: string | null = null;

function keep(event: KeyboardEvent) {
  if (typed === null || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length === 1) typed += event.key;
  else if (event.key === "Backspace") typed = typed.slice(0, -1);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

/** From now until `dialog` takes them, printable keys pressed anywhere are kept for it rather than acted on. */
export function startTypingAhead(dialog: string) {
  if (typed !== null) return;
  owner = dialog;
  typed = "";
  document.addEventListener("keydown", keep, { capture: true });
}

/** What has been typed so far for `dialog`, without ending the wait: what its field starts with while it is drawn. */
export const peekTypedAhead = (dialog: string) => (owner === dialog ? (typed ?? "") : "");

/** What was typed for `dialog` since startTypingAhead (empty when nothing waited for it); keys are the page's again. */
export function takeTypedAhead(dialog: string): string {
  if (owner !== dialog) return "";
  const text = typed ?? "";
  owner = null;
  typed = null;
  document.removeEventListener("keydown", keep, { capture: true });
  return text;
}

/**
 * A field's text that starts with the keys typed ahead: peeked while drawing, taken once the field is on screen
 * (with any typed in between). The setter is the field's own.
 */
export function useTypedAhead(dialog: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => peekTypedAhead(dialog));
  useLayoutEffect(() => {
    const kept = takeTypedAhead(dialog);
    // Keys typed while the dialog rendered reach its field here, once: the buffer is an outside store, now emptied.
    // oxlint-disable-next-line react/set-state-in-effect
    if (kept !== "") setText(kept);
  }, [dialog]);
  return [text, setText];
}
