// The key handler of the signed-in app (issue #9): single keys and "g then …" sequences, never while typing in a
// field or while a dialog or menu holds the keyboard; Ctrl/Cmd+K opens search from anywhere.
import { useEffect, useEffectEvent } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { undoLatest } from "@/web/features/blockers/undo";
import { shortcutList, type BlockerShortcut, type ShortcutId } from "./shortcut-list";

/** How long after "g" the second key of a sequence counts (ms, on the events' own clock). */
const SEQUENCE_WINDOW_MS = 1500;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("[role=combobox], [cmdk-input]") !== null);

/** A modal dialog, an alert dialog or an open menu owns the keyboard: shortcuts stay out of its way. */
const somethingHoldsTheKeyboard = () => document.querySelector("[role=dialog][data-state=open], [role=alertdialog], [role=menu][data-state=open], [role=listbox]") !== null;

// The list read as key maps. "open" (Enter) is the browser's own: a focused card's link opens on Enter.
const singleKeys = new Map<string, ShortcutId>(shortcutList.filter((shortcut) => shortcut.keys.length === 1 && shortcut.id !== "open").map((shortcut) => [shortcut.keys[0], shortcut.id]));
const afterG = new Map<string, ShortcutId>(shortcutList.filter((shortcut) => shortcut.keys.length === 2).map((shortcut) => [shortcut.keys[1] ?? "", shortcut.id]));

/** The blocker cards on screen, in reading order. */
const blockerCards = () => [...document.querySelectorAll<HTMLElement>("[data-blocker-card]")];

export type ShortcutActions = {
  openSearch: () => void;
  openQuickCapture: () => void;
  openHelp: () => void;
  /** Says something to screen readers (a polite live region). */
  announce: (message: string) => void;
  /** The sentence for a shortcut that cannot act here ("Mark done is not available here"). */
  unavailable: (shortcut: BlockerShortcut | "noBlocker" | "noTeamSwitcher" | "undo") => string;
  going: (page: "dashboard" | "resolved" | "notifications") => string;
};

export function useShortcutKeys(actions: ShortcutActions) {
  const navigate = useNavigate();
  // The handler is installed once and reads the latest actions (their texts follow the language).
  const latestActions = useEffectEvent(() => actions);

  useEffect(() => {
    let gPressedAt = Number.NEGATIVE_INFINITY;

    const moveThroughList = (step: 1 | -1) => {
      const cards = blockerCards();
      if (cards.length === 0) return;
      const current = cards.findIndex((card) => card.contains(document.activeElement));
      const next = current === -1 ? (step === 1 ? 0 : cards.length - 1) : Math.min(cards.length - 1, Math.max(0, current + step));
      const link = cards[next]?.querySelector<HTMLElement>("[data-card-link]");
      link?.focus();
      link?.scrollIntoView({ block: "nearest" });
    };

    /** Presses the button of this shortcut on the blocker in focus, or on the blocker page. */
    const pressOnBlocker = (shortcut: BlockerShortcut) => {
      const scope = document.activeElement?.closest("[data-blocker-card]") ?? document.querySelector("[data-blocker-page]");
      if (!scope) return latestActions().announce(latestActions().unavailable("noBlocker"));
      const button = [...scope.querySelectorAll<HTMLButtonElement>(`[data-shortcut="${shortcut}"]`)].find((candidate) => !candidate.disabled && candidate.getAttribute("aria-disabled") !== "true");
      if (!button) return latestActions().announce(latestActions().unavailable(shortcut));
      if (button.getAttribute("aria-haspopup") === "menu") {
        // A menu's trigger (Snooze on a blocker's page, a row's menu) opens from the keyboard as with ArrowDown, its
        // first choice in focus; a menu loaded on first use (loadOnUse) opens the same way.
        button.focus();
        button.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true }));
      } else button.click();
    };

    /** Opens the team card's switcher as a keyboard user would (ArrowDown on its trigger); absent on a phone's closed sidebar. */
    const openTeamSwitcher = () => {
      const trigger = document.querySelector<HTMLElement>("[data-team-switcher]");
      if (!trigger || trigger.offsetParent === null) return latestActions().announce(latestActions().unavailable("noTeamSwitcher"));
      trigger.focus();
      trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    };

    const run = (id: ShortcutId) => {
      const { openSearch, openHelp, announce, going } = latestActions();
      switch (id) {
        case "newBlocker":
          return latestActions().openQuickCapture();
        case "search":
          return openSearch();
        case "next":
          return moveThroughList(1);
        case "previous":
          return moveThroughList(-1);
        case "done":
        case "snooze":
        case "nudge":
          return pressOnBlocker(id);
        case "goDashboard":
          announce(going("dashboard"));
          return void navigate(paths.dashboard);
        case "goResolved":
          announce(going("resolved"));
          return void navigate(paths.resolved);
        case "goNotifications":
          announce(going("notifications"));
          return void navigate(paths.notifications);
        case "switchTeam":
          return openTeamSwitcher();
        case "undo":
          if (!undoLatest()) announce(latestActions().unavailable("undo"));
          return;
        case "help":
          return openHelp();
        case "open":
          return;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        return latestActions().openSearch();
      }
      // Ctrl/Cmd+Z takes back the change whose toast shows; in a field it stays the field's own undo.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "z" && !isTyping(event.target) && undoLatest()) {
        event.preventDefault();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || somethingHoldsTheKeyboard()) return;
      const inSequence = event.timeStamp - gPressedAt < SEQUENCE_WINDOW_MS;
      gPressedAt = Number.NEGATIVE_INFINITY;
      const second = inSequence ? afterG.get(event.key) : undefined;
      if (second) {
        event.preventDefault();
        return run(second);
      }
      const single = singleKeys.get(event.key);
      if (event.key === "g") {
        gPressedAt = event.timeStamp;
        return;
      }
      if (!single) return;
      event.preventDefault();
      run(single);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);
}
