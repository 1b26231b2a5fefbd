// The tray's menu as a function of what it knows: the sections and their actions, the icon and its count, and the
// states around signing in and losing the server.
import { describe, expect, it } from "vitest";
import type { ColumnItem } from "../../common/holdup-client/columns.ts";
import { menuModel, SECTION_LIMIT, type MenuItem, type TrayState } from "./menu-model.ts";

const SERVER = "http://localhost:3000";
const item = (id: string, overrides: Partial<ColumnItem> = {}): ColumnItem => ({ id, title: `Blocker ${id}`, url: `${SERVER}/blockers/${id}`, priority: "normal", age: "3d", people: "Ana", myPartPending: false, nudgeable: [], ...overrides });
const titles = (items: MenuItem[]) => items.map((entry) => ("separator" in entry ? "---" : entry.title));
const signedIn = (overrides: Partial<Extract<TrayState, { phase: "signed-in" }>> = {}): TrayState => ({
  phase: "signed-in",
  stream: { kind: "live" },
  columns: { waitingOnMe: [item("a", { myPartPending: true, people: "Ana, Cleo" })], imWaitingOn: [item("b", { people: "Bob", nudgeable: [{ profileId: "bob", name: "Bob" }] })] },
  counts: { waitingOnMe: 1, imWaitingOn: 1 },
  ...overrides,
});

describe("the tray's menu", () => {
  it("has both sections with each blocker's people and age, then Log a blocker, the connection, Sign out and Quit", () => {
    const menu = menuModel(signedIn(), SERVER);
    expect(titles(menu.items)).toEqual(["Waiting on me (1)", "Blocker a — Ana, Cleo · 3d", "---", "I'm waiting on (1)", "Blocker b — Bob · 3d", "---", "Log a blocker…", "Open Holdup", "---", "Live", "Sign out", "Quit Holdup"]);
    expect(menu.icon).toEqual({ look: "waiting", title: "1", tooltip: "Holdup: 1 waiting on you, you wait on 1" });
  });

  it("offers on each blocker the actions that fit its section: Mark done and Snooze mine, Nudge theirs", () => {
    const [, mine, , , theirs] = menuModel(signedIn(), SERVER).items;
    expect(mine && "items" in mine ? mine.items?.map((entry) => ("action" in entry ? entry.action : undefined)) : undefined).toEqual([
      { type: "open", url: `${SERVER}/blockers/a` },
      { type: "mark-done", blockerId: "a", title: "Blocker a" },
      { type: "snooze-day", blockerId: "a", title: "Blocker a" },
    ]);
    expect(theirs && "items" in theirs ? theirs.items?.map((entry) => ("separator" in entry ? "---" : entry.title)) : undefined).toEqual(["Open", "Nudge Bob"]);
    const nudgedLately = menuModel(signedIn({ columns: { waitingOnMe: [], imWaitingOn: [item("b")] } }), SERVER).items.find((entry) => !("separator" in entry) && entry.title.startsWith("Blocker b"));
    expect(nudgedLately && "items" in nudgedLately ? nudgedLately.items : undefined).toContainEqual({ title: "Nudged within the hour", enabled: false });
  });

  it("says when a section is empty, and sends the rest of a long one to Holdup", () => {
    const many = Array.from({ length: SECTION_LIMIT + 3 }, (_, index) => item(`m${index}`));
    const menu = menuModel(signedIn({ columns: { waitingOnMe: many, imWaitingOn: [] }, counts: { waitingOnMe: 13, imWaitingOn: 0 } }), SERVER);
    const names = titles(menu.items);
    expect(names.filter((name) => name.startsWith("Blocker m"))).toHaveLength(SECTION_LIMIT);
    expect(names).toContain("3 more in Holdup…");
    expect(names).toContain("You are not waiting on anyone");
    expect(menu.icon.title).toBe("13");
  });

  it("shows no count when nobody waits on me, and greys the icon while offline with a way to try again", () => {
    const calm = menuModel(signedIn({ counts: { waitingOnMe: 0, imWaitingOn: 1 }, columns: { waitingOnMe: [], imWaitingOn: [] } }), SERVER);
    expect(calm.icon).toMatchObject({ look: "calm", title: "" });
    const offline = menuModel(signedIn({ stream: { kind: "offline", reason: "The server answered 500", retryInMs: 4_000 } }), SERVER);
    expect(offline.icon).toMatchObject({ look: "offline", tooltip: "Holdup: 1 waiting on you, you wait on 1 (offline)" });
    expect(offline.items).toContainEqual({ title: "Offline: The server answered 500. Try now", enabled: true, action: { type: "reconnect" } });
  });

  it("asks to sign in when signed out, and shows the code to approve while signing in", () => {
    expect(titles(menuModel({ phase: "signed-out", reason: "Signed out in Holdup" }, SERVER).items)).toEqual(["Signed out in Holdup", "Sign in…", "---", "Quit Holdup"]);
    const signingIn = menuModel({ phase: "signing-in", userCode: "ABCD-EFGH", verificationUri: `${SERVER}/device?user_code=ABCDEFGH` }, SERVER);
    expect(titles(signingIn.items)).toEqual(["Approve code ABCD-EFGH in your browser", "Open the approval page", "---", "Quit Holdup"]);
    expect(menuModel(signedIn({ stream: { kind: "signed-out" } }), SERVER).icon.look).toBe("signed-out");
  });
});
