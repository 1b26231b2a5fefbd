// Lays the tray's menu model onto a fixed set of menu slots. systray2 draws menus with getlantern/systray, which
// cannot add or remove items once the tray is up — it can only retitle, enable, disable and hide them — so the tray
// starts with every slot it may ever need, hidden, and each menu fills them in order. A slot is a plain item or a
// submenu (a blocker's actions): those cannot change into each other, so the layout alternates regions of each,
// and each model item takes the next free slot of its kind. Separators only stand before Quit (they cannot be
// hidden); the model's headings give the rest of the structure. Pure: the host (tray-host.ts) sends what changed.
import { NUDGE_LIMIT, SECTION_LIMIT, type MenuItem, type TrayAction, type TrayMenu } from "./menu-model.ts";

export type SlotKind = "item" | "submenu";
/** What one slot shows; `action` is what choosing it does. */
export type SlotState = { title: string; enabled: boolean; hidden: boolean; action?: TrayAction; children?: SlotState[] };

/** The regions, in order: a heading, a section's blockers, its "more" and "empty" lines — twice — then the rest. */
export const SLOT_LAYOUT: SlotKind[] = [
  "item",
  ...Array<SlotKind>(SECTION_LIMIT).fill("submenu"),
  "item",
  "item",
  "item",
  ...Array<SlotKind>(SECTION_LIMIT).fill("submenu"),
  "item",
  "item",
  "item",
  "item",
  "item",
  "item",
  "item",
  "item",
];
/** A blocker's submenu: Open, then its actions (Mark done and Snooze, or a nudge per person). */
export const SUBMENU_SIZE = 1 + NUDGE_LIMIT;

const hiddenSlot = (kind: SlotKind): SlotState => ({ title: "", enabled: false, hidden: true, ...(kind === "submenu" ? { children: Array.from({ length: SUBMENU_SIZE }, () => hiddenSlot("item")) } : {}) });

const shown = (item: Exclude<MenuItem, { separator: true }>): SlotState => ({ title: item.title, enabled: item.enabled, hidden: false, ...(item.action ? { action: item.action } : {}) });

/** The slots for a menu, and the fixed Quit at the end (the model's last item). */
export function layOut(menu: TrayMenu): { slots: SlotState[]; quit: SlotState } {
  const slots = SLOT_LAYOUT.map(hiddenSlot);
  let cursor = 0;
  let quit: SlotState = { title: "Quit Holdup", enabled: true, hidden: false, action: { type: "quit" } };
  for (const item of menu.items) {
    if ("separator" in item) continue;
    if (item.action?.type === "quit") {
      quit = shown(item);
      continue;
    }
    const kind: SlotKind = item.items ? "submenu" : "item";
    while (cursor < SLOT_LAYOUT.length && SLOT_LAYOUT[cursor] !== kind) cursor++;
    if (cursor >= SLOT_LAYOUT.length) break; // more than the layout holds: the model keeps within it (tested)
    const slot = shown(item);
    if (kind === "submenu") {
      const children = (item.items ?? []).filter((child): child is Exclude<MenuItem, { separator: true }> => !("separator" in child)).slice(0, SUBMENU_SIZE);
      slot.children = Array.from({ length: SUBMENU_SIZE }, (_, index) => (children[index] ? shown(children[index]) : hiddenSlot("item")));
    }
    slots[cursor++] = slot;
  }
  return { slots, quit };
}
