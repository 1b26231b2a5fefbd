// The menu model laid onto the tray's fixed slots: every item in order, submenus in submenu slots, nothing lost
// even in the fullest menu the model makes, and Quit always last.
import { describe, expect, it } from "vitest";
import type { ColumnItem } from "../../common/holdup-client/columns.ts";
import { menuModel, NUDGE_LIMIT, SECTION_LIMIT, type MenuItem } from "./menu-model.ts";
import { layOut, SLOT_LAYOUT, SUBMENU_SIZE, type SlotState } from "./slots.ts";

const SERVER = "http://localhost:3000";
const item = (id: string, nudgeable = 0): ColumnItem => ({
  id,
  title: `Blocker ${id}`,
  url: `${SERVER}/blockers/${id}`,
  priority: "normal",
  age: "1d",
  people: "Ana",
  myPartPending: true,
  nudgeable: Array.from({ length: nudgeable }, (_, index) => ({ profileId: `p${index}`, name: `Person ${index}` })),
});
const visible = (slots: SlotState[]) => slots.filter((slot) => !slot.hidden).map((slot) => slot.title);
const modelTitles = (items: MenuItem[]) => items.filter((entry): entry is Exclude<MenuItem, { separator: true }> => !("separator" in entry)).map((entry) => entry.title);

describe("the tray's slots", () => {
  it("hold the fullest menu the model makes, in order, with Quit last", () => {
    const many = (prefix: string, nudgeable: number) => Array.from({ length: SECTION_LIMIT + 5 }, (_, index) => item(`${prefix}${index}`, nudgeable));
    const menu = menuModel({ phase: "signed-in", stream: { kind: "offline", reason: "No network", retryInMs: 1000 }, columns: { waitingOnMe: many("m", 0), imWaitingOn: many("w", NUDGE_LIMIT + 3) }, counts: { waitingOnMe: 15, imWaitingOn: 15 } }, SERVER);
    const { slots, quit } = layOut(menu);
    expect(slots).toHaveLength(SLOT_LAYOUT.length);
    expect([...visible(slots), quit.title]).toEqual(modelTitles(menu.items));
    const submenus = slots.filter((slot) => !slot.hidden && slot.children);
    expect(submenus).toHaveLength(2 * SECTION_LIMIT);
    expect(submenus.every((slot) => slot.children?.length === SUBMENU_SIZE)).toBe(true);
    expect(visible(submenus.at(-1)?.children ?? [])).toEqual(["Open", ...Array.from({ length: NUDGE_LIMIT }, (_, index) => `Nudge Person ${index}`)]);
  });

  it("put submenus only in submenu slots and plain items only in plain ones", () => {
    const menu = menuModel({ phase: "signed-in", stream: { kind: "live" }, columns: { waitingOnMe: [item("a")], imWaitingOn: [] }, counts: { waitingOnMe: 1, imWaitingOn: 0 } }, SERVER);
    const { slots } = layOut(menu);
    const misplaced = slots.filter((slot, index) => !slot.hidden && (slot.children !== undefined) !== (SLOT_LAYOUT[index] === "submenu")).map((slot) => slot.title);
    expect(misplaced).toEqual([]);
    expect(slots.filter((slot) => !slot.hidden).length).toBeGreaterThan(5);
  });

  it("show only the sign-in lines while signed out", () => {
    const { slots, quit } = layOut(menuModel({ phase: "signed-out", reason: "Signed out in Holdup" }, SERVER));
    expect(visible(slots)).toEqual(["Signed out in Holdup", "Sign in…"]);
    expect(quit.action).toEqual({ type: "quit" });
  });
});
