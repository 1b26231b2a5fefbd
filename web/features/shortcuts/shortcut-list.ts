// Every keyboard shortcut of the signed-in app, once: the key handler reads it, and so does the "?" dialog.
/** `keys`: pressed one after the other ("g" then "d"). `scope`: on a blocker — the card with focus, or the page. */
export const shortcutList = [
  { id: "newBlocker", keys: ["c"] },
  { id: "search", keys: ["/"] },
  { id: "next", keys: ["j"] },
  { id: "previous", keys: ["k"] },
  { id: "open", keys: ["Enter"] },
  { id: "done", keys: ["d"], scope: "blocker" },
  { id: "snooze", keys: ["s"], scope: "blocker" },
  { id: "nudge", keys: ["n"], scope: "blocker" },
  // Also Ctrl/Cmd+Z, outside a field (in one, it is the field's own undo).
  { id: "undo", keys: ["z"] },
  { id: "goDashboard", keys: ["g", "d"] },
  { id: "goResolved", keys: ["g", "r"] },
  { id: "goNotifications", keys: ["g", "n"] },
  { id: "switchTeam", keys: ["g", "t"] },
  { id: "help", keys: ["?"] },
] as const;

export type ShortcutId = (typeof shortcutList)[number]["id"];

/** The buttons a blocker shortcut presses carry `data-shortcut` (and `aria-keyshortcuts`) with its key. */
export const blockerShortcutKeys = { done: "d", snooze: "s", nudge: "n" } as const;
export type BlockerShortcut = keyof typeof blockerShortcutKeys;

/** For a button a shortcut presses: screen readers announce the key, and the handler finds the button. */
export const shortcutAttributes = (shortcut: BlockerShortcut) => ({ "data-shortcut": shortcut, "aria-keyshortcuts": blockerShortcutKeys[shortcut] });
