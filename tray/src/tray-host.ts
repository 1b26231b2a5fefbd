// Draws the tray with systray2 (a small native tray program per OS, driven over its stdin and stdout): the icon in
// the model's look, the count beside it where the desktop shows a title (macOS, most Linux panels), the tooltip,
// and the menu laid onto fixed slots (slots.ts). Each new model sends only the slots that changed. Choosing an item
// runs its action. Windows takes an ICO, the others a PNG (tray/icons/, drawn by scripts/tray-icons.ts).
import type { MenuItem as SysTrayItem } from "systray2";
import type { TrayAction, TrayIcon, TrayMenu } from "./menu-model.ts";
import { layOut, SLOT_LAYOUT, SUBMENU_SIZE, type SlotState } from "./slots.ts";
import { iconFile, trayProgramCopyDir } from "./tray-files.ts";

type SysTrayClass = typeof import("systray2").default;

type Slot = SysTrayItem & { state: SlotState };

const sameSlot = (a: SlotState, b: SlotState) => a.title === b.title && a.enabled === b.enabled && a.hidden === b.hidden;

/** `directory`: the tray's own (config.ts), where the packaged tray writes out its program and icons (tray-files.ts). */
export async function startTrayHost({ onAction, onExit, directory }: { onAction: (action: TrayAction) => void; onExit: () => void; directory: string }) {
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) throw new Error("no desktop (neither DISPLAY nor WAYLAND_DISPLAY is set)");
  const systrayModule = (await import("systray2")) as unknown as { default: SysTrayClass | { default: SysTrayClass } };
  const SysTray = ("default" in systrayModule.default ? systrayModule.default.default : systrayModule.default) as SysTrayClass;
  const hidden: SlotState = { title: "", enabled: false, hidden: true };
  const item = (state: SlotState, children?: Slot[]): Slot => ({ title: state.title || " ", tooltip: "", enabled: state.enabled, hidden: state.hidden, checked: false, state, ...(children ? { items: children } : {}) });
  // Every slot the tray will ever use, made now: getlantern/systray adds items only at start.
  const slots: Slot[] = SLOT_LAYOUT.map((kind) => item(hidden, kind === "submenu" ? Array.from({ length: SUBMENU_SIZE }, () => item(hidden)) : undefined));
  const quit = item({ title: "Quit Holdup", enabled: true, hidden: false, action: { type: "quit" } });
  let icon: TrayIcon = { look: "signed-out", title: "", tooltip: "Holdup" };
  const tray = new SysTray({
    menu: { icon: iconFile(icon.look, directory), isTemplateIcon: false, title: icon.title, tooltip: icon.tooltip, items: [...slots, SysTray.separator, quit] },
    debug: false,
    copyDir: trayProgramCopyDir(directory),
  });
  // systray2 waits for its program's first line forever; a program that cannot reach a desktop never sends it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([tray.ready(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the system tray did not answer within 15 s")), 15_000)))]).finally(() => clearTimeout(timer));
  tray.onExit(onExit);
  await tray.onClick((event) => {
    const action = (event.item as Partial<Slot>).state?.action;
    if (action) onAction(action);
  });

  /** Sends a slot that changed. Showing an item shows all its children too: a submenu's children are sent after it. */
  async function update(slot: Slot, next: SlotState, force = false) {
    const changed = force || !sameSlot(slot.state, next);
    Object.assign(slot, { title: next.title || " ", enabled: next.enabled, hidden: next.hidden, state: next });
    if (changed) await tray.sendAction({ type: "update-item", item: slot });
    return changed;
  }

  async function draw(menu: TrayMenu) {
    if (menu.icon.look !== icon.look || menu.icon.title !== icon.title || menu.icon.tooltip !== icon.tooltip) {
      icon = menu.icon;
      await tray.sendAction({ type: "update-menu", menu: { icon: iconFile(icon.look, directory), isTemplateIcon: false, title: icon.title, tooltip: icon.tooltip, items: [...slots, SysTray.separator, quit] } });
    }
    const { slots: next, quit: nextQuit } = layOut(menu);
    for (const [index, slot] of slots.entries()) {
      const state = next[index] ?? hidden;
      const parentSent = await update(slot, state);
      for (const [childIndex, child] of (slot.items as Slot[] | undefined)?.entries() ?? []) await update(child, state.children?.[childIndex] ?? hidden, parentSent && !state.hidden);
    }
    await update(quit, nextQuit);
  }

  // One drawing at a time, always of the newest menu: menus that came while one was drawn are skipped but the last.
  let newest: TrayMenu | undefined;
  let drawing: Promise<void> | undefined;
  function show(menu: TrayMenu) {
    newest = menu;
    drawing ??= (async () => {
      while (newest) {
        const next = newest;
        newest = undefined;
        await draw(next);
      }
    })().finally(() => (drawing = undefined));
    return drawing;
  }

  return {
    show,
    stop: () => tray.kill(false),
  };
}
