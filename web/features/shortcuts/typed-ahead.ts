// Keys typed before a dialog's code has loaded (Ctrl+K then "pay…" at once, on a page just opened): kept, and given to
// the dialog's field when it appears, so nothing typed is lost (issue #27). Only while such a dialog is on its way.
let typed: string | null = null;

function keep(event: KeyboardEvent) {
  if (typed === null || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length === 1) typed += event.key;
  else if (event.key === "Backspace") typed = typed.slice(0, -1);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

/** From now until takeTypedAhead, printable keys pressed anywhere are kept rather than acted on. */
export function startTypingAhead() {
  if (typed !== null) return;
  typed = "";
  document.addEventListener("keydown", keep, { capture: true });
}

/** What was typed since startTypingAhead (empty when nothing was waiting); keys are the page's again. */
export function takeTypedAhead(): string {
  const text = typed ?? "";
  typed = null;
  document.removeEventListener("keydown", keep, { capture: true });
  return text;
}
