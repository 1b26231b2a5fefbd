// Who may read which report, what the Free plan shows, what bad ranges get, and the CSV exports' content.
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_HEADER } from "../../../common/teams.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const paris = (local: string) => new Date(Temporal.PlainDateTime.from(local).toZonedDateTime("Europe/Paris").epochMilliseconds);
const clock = testClock(paris("2026-11-20T09:00"));
let plus: TestServer, free: TestServer;
let alice: Teammate, bob: Teammate, mallory: Teammate, freeAlice: Teammate, freeBob: Teammate;

beforeAll(async () => {
  [plus, free] = await Promise.all([startTestServer({ smtp: false, clock }), startTestServer({ smtp: false, clock, environment: { DEFAULT_PLAN: "free" } })]);
  [alice, bob] = (await makeTeam(plus, ["Alice", "Bob"])) as [Teammate, Teammate];
  [mallory] = (await makeTeam(plus, ["Mallory"], "Another team")) as [Teammate];
  [freeAlice, freeBob] = (await makeTeam(free, ["Alice", "Bob"])) as [Teammate, Teammate];
  for (const title of ["=HYPERLINK(\"https://evil.example\")", "+1", "-2", "@SUM(A1)", 'Quote "me", please', "Plain, with a comma"]) {
    await makeBlocker(alice, [bob], { title });
    clock.advance(2 * 60_000);
  }
  // Logged at 09:00, 09:02 … 09:10; read at 11:05, when they have waited 125, 123 … 115 minutes: 720, 12 hours.
  await makeBlocker(freeAlice, [freeBob], { title: "On the Free plan" });
  clock.advance(paris("2026-11-20T11:05").getTime() - clock.now().getTime());
});
afterAll(async () => {
  await plus?.stop();
  await free?.stop();
});

describe("bad ranges", () => {
  const cases: [string, string, string][] = [
    ["a range that ends before it starts", "from=2026-11-10&to=2026-11-01", "to"],
    ["a range that ends in the future", "from=2026-11-01&to=2026-11-21", "to"],
    ["a range that starts in the future", "from=2026-11-25", "to"],
    ["a range of more than two years", "from=2024-11-18&to=2026-11-20", "from"],
    ["a day that does not exist", "from=2026-02-30", "from"],
    ["a malformed day", "to=yesterday", "to"],
    ["a day before 1970", "to=0000-01-01", "to"],
    ["a number of days not offered", "days=14", "days"],
    ["a number of days and dates at once", "days=7&from=2026-11-01", "days"],
    ["an unknown priority", "priority=blocker", "priority"],
    ["an unknown source", "source=fax", "source"],
    ["a person who is not an id", "person=bob", "person"],
  ];
  for (const [name, query, field] of cases) {
    it(`refuses ${name} with a 400 naming ${field}`, async () => {
      const answer = await alice.client.request(`/api/insights/team?${query}`);
      expect(answer.status, answer.text).toBe(400);
      expect(Object.keys((answer.json as { fields: Record<string, string[]> }).fields)).toEqual([field]);
    });
  }

  it("refuses the same bad ranges of a member's own report", async () => {
    for (const [, query] of cases.slice(0, 9)) expect((await alice.client.request(`/api/insights/me?${query}`)).status, query).toBe(400);
  });

  it("accepts two years exactly, and refuses an unknown table to export", async () => {
    expect((await alice.client.request("/api/insights/team?from=2024-11-20&to=2026-11-20")).status).toBe(200);
    expect((await alice.client.request("/api/insights/team?days=90")).json).toMatchObject({ range: { from: "2026-08-23", to: "2026-11-20", days: 90 } });
    const answer = await alice.client.request("/api/insights/team/export?table=passwords");
    expect(answer.status).toBe(400);
    expect((answer.json as { fields: Record<string, string[]> }).fields).toHaveProperty("table");
  });
});

describe("who may read what", () => {
  it("answers 401 signed out", async () => {
    for (const path of ["/api/insights/me", "/api/insights/team", "/api/insights/team/export?table=summary", "/api/insights/me/export?table=summary"]) {
      expect((await plus.client().request(path)).status).toBe(401);
    }
  });

  it("shows another team nothing of this one, and refuses a team one is not in", async () => {
    const theirs = (await mallory.client.request("/api/insights/team")).json as { summary: { created: number }; whoBlocks: unknown[] };
    expect(theirs.summary.created).toBe(0);
    expect(theirs.whoBlocks).toEqual([]);
    const ours = (await alice.client.request("/api/team")).json as { id: string };
    const asked = await mallory.client.request("/api/insights/team", { headers: { [TEAM_HEADER]: ours.id } });
    expect(asked.status).toBe(403);
    expect(asked.json).toMatchObject({ code: "not_a_member" });
    expect((await mallory.client.request(`/api/insights/team/export?table=blockers&team=${ours.id}`)).status).toBe(403);
  });

  it("lets every member of a Plus team read the team's report, any range", async () => {
    const answer = await bob.client.request("/api/insights/team?from=2026-08-01&to=2026-11-20");
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ plan: "plus", summary: { created: 6 } });
  });
});

describe("the Free plan", () => {
  it("shows a member's own report over the last 30 days, no further back", async () => {
    const within = await freeBob.client.request("/api/insights/me?from=2026-10-22&to=2026-11-20");
    expect(within.status).toBe(200);
    expect(within.json).toMatchObject({ plan: "free", summary: { blockers: 1 } });
    const beyond = await freeBob.client.request("/api/insights/me?from=2026-10-21");
    expect(beyond.status).toBe(403);
    expect(beyond.json).toMatchObject({ code: "plus_required", upgradeUrl: "/organization/billing" });
  });

  it("previews the team's last 30 days, unfiltered; other ranges, filters and exports are Plus's", async () => {
    const preview = await freeBob.client.request("/api/insights/team");
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ plan: "free", range: { from: "2026-10-22", to: "2026-11-20" }, summary: { created: 1 } });
    expect((await freeBob.client.request("/api/insights/team?from=2026-10-22&to=2026-11-20")).status).toBe(200);
    for (const query of ["from=2026-11-13&to=2026-11-20", "priority=urgent", `person=${freeBob.profileId}`]) {
      const refused = await freeBob.client.request(`/api/insights/team?${query}`);
      expect(refused.status, query).toBe(403);
      expect(refused.json).toMatchObject({ code: "plus_required" });
    }
    for (const path of ["/api/insights/team/export?table=summary", "/api/insights/me/export?table=weeks"]) {
      expect((await freeBob.client.request(path)).json).toMatchObject({ code: "plus_required" });
    }
  });
});

describe("CSV exports", () => {
  it("sends the range's blockers as RFC 4180 UTF-8, formulas neutralised", async () => {
    const answer = await bob.client.request("/api/insights/team/export?table=blockers&from=2026-11-20&to=2026-11-20");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="holdup-team-blockers-2026-11-20-to-2026-11-20.csv"');
    const lines = answer.text.split("\r\n");
    expect(lines[0]).toBe("Blocker,Title,Priority,Source,Status,Logged (Europe/Paris),Logged by,Waiting on,Resolved or cancelled (Europe/Paris),Hours open in the range");
    expect(lines.at(-1)).toBe("");
    const titles = lines.slice(1, -1).map((line) => line.split(",").slice(1, -8).join(","));
    expect(titles.sort()).toEqual(['"\'=HYPERLINK(""https://evil.example"")"', '"Plain, with a comma"', '"Quote ""me"", please"', "'+1", "'-2", "'@SUM(A1)"].sort());
    // The first blocker, logged at 09:00 and open since: 2 hours and 5 minutes by 11:05.
    expect(lines.find((line) => line.includes("HYPERLINK"))).toMatch(/,normal,web,open,2026-11-20 09:00,Alice,Bob,,2\.1$/);
  });

  it("sends each table of both reports", async () => {
    const whoBlocks = await bob.client.request("/api/insights/team/export?table=who-blocks&from=2026-11-16&to=2026-11-20");
    expect(whoBlocks.text.split("\r\n").slice(0, 2)).toEqual(["Person,Former member,Blocked person-hours,Blockers,Parts done,Median time to unblock (hours),\"Person-hours, week of 2026-11-16\"", "Bob,no,12,6,0,,12"]);
    for (const table of ["summary", "weeks", "open", "timeline"]) {
      const answer = await bob.client.request(`/api/insights/team/export?table=${table}`);
      expect(answer.status, table).toBe(200);
      expect(answer.text.split("\r\n").length, table).toBeGreaterThan(2);
    }
    const mine = await bob.client.request("/api/insights/me/export?table=summary&from=2026-11-20&to=2026-11-20");
    expect(mine.text.split("\r\n").slice(0, 3)).toEqual(["Measure,2026-11-20 to 2026-11-20,Previous period", "Blockers waiting on me,6,0", "Person-hours I held others up,12,0"]);
  });
});
