// The reports' numbers on a hand-made history (issue #13's hard cases), each expected value worked out below from
// the timeline: a blocker reopened, a person added later, a part declined, a snooze, a cancelled blocker, one still
// open at the end of the range, a member who left, and weeks across the end of daylight saving time. Everyone's
// time zone is Europe/Paris (the factories'): UTC+2 until 2026-10-25 03:00, UTC+1 after.
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const HOUR = 3_600_000;
const paris = (local: string) => new Date(Temporal.PlainDateTime.from(local).toZonedDateTime("Europe/Paris").epochMilliseconds);
const clock = testClock(paris("2026-10-01T09:00"));
/** Moves the server's clock forward to a local time in Paris. */
const at = (local: string) => {
  const target = paris(local).getTime();
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
};

let server: TestServer;
let olivia: Teammate, alice: Teammate, bob: Teammate, carol: Teammate, dan: Teammate;
let reopened: string, twoAsked: string, cancelled: string, stillOpen: string, acrossDst: string, resolvedAfterMidnight: string;

async function ok(request: Promise<{ status: number; text: string }>) {
  const answer = await request;
  if (answer.status >= 300) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
}
async function read<T>(person: Teammate, path: string): Promise<T> {
  const answer = await person.client.request(path);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
}

type Summary = Record<string, number | null>;
type TeamReport = {
  summary: Summary;
  previous: Summary;
  whoBlocks: { person: { id: string; formerMember: boolean }; personHours: number; blockers: number; done: number; medianTimeToUnblockMs: number | null; weeks: number[] }[];
  weeks: { week: string; created: number; resolved: number; cancelled: number; medianTimeToUnblockMs: number | null; p90TimeToUnblockMs: number | null; nudgesPerResolved: number | null }[];
  openByAge: { bucket: string; count: number; blockers: { id: string }[] }[];
  timeline: { total: number; groups: { person: { id: string }; bars: { blockerId: string; start: string; end: string; status: string }[] }[] };
};
type PersonalReport = { summary: Summary; previous: Summary; weeks: { week: string; done: number; personHours: number; waitedHours: number }[]; openByAge: { bucket: string; count: number }[] };

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [olivia, alice, bob, carol, dan] = (await makeTeam(server, ["Olivia", "Alice", "Bob", "Carol", "Dan"])) as [Teammate, Teammate, Teammate, Teammate, Teammate];

  // Across the end of summer time (Sunday 2026-10-25, 03:00 → 02:00): from Sunday 00:00 to 12:00 is 13 hours.
  at("2026-10-25T00:00");
  acrossDst = await makeBlocker(olivia, [carol], { title: "Across the clock change" });
  at("2026-10-25T12:00");
  await ok(carol.client.post(`/api/blockers/${acrossDst}/done`));
  // Logged on Sunday evening, resolved half an hour after midnight: Monday in Paris, still Sunday in UTC.
  at("2026-10-25T23:30");
  resolvedAfterMidnight = await makeBlocker(olivia, [carol], { title: "Resolved just after midnight" });
  at("2026-10-26T00:30");
  await ok(carol.client.post(`/api/blockers/${resolvedAfterMidnight}/done`));

  // The week of Monday 2026-11-02.
  // Reopened: Alice waits on Bob from Monday 09:00; Carol waits too from 11:00; Alice nudges Bob at 10:00; Bob
  // snoozes at 13:00 (still counts) and is done on Tuesday 09:00 (24 h). Reopened Wednesday 09:00, done 15:00 (6 h).
  at("2026-11-02T09:00");
  reopened = await makeBlocker(alice, [bob], { title: "Reopened" });
  at("2026-11-02T10:00");
  await ok(alice.client.post(`/api/blockers/${reopened}/nudge`, { profileId: bob.profileId }));
  at("2026-11-02T11:00");
  await ok(alice.client.post(`/api/blockers/${reopened}/people`, { profileId: carol.profileId, role: "waiting" }));
  at("2026-11-02T13:00");
  await ok(bob.client.post(`/api/blockers/${reopened}/snooze`, { until: paris("2026-11-03T13:00").toISOString() }));
  at("2026-11-03T09:00");
  await ok(bob.client.post(`/api/blockers/${reopened}/done`));
  at("2026-11-04T09:00");
  await ok(alice.client.post(`/api/blockers/${reopened}/reopen`));
  at("2026-11-04T15:00");
  await ok(bob.client.post(`/api/blockers/${reopened}/done`));

  // Two asked, one declining, one added later: Alice waits on Bob and Dan from Thursday 09:00; Dan declines at 11:00
  // (2 h); Carol is asked too at 12:00; Bob is done at 13:00 (4 h); Carol at 17:00 (5 h), which resolves it (8 h).
  at("2026-11-05T09:00");
  twoAsked = await makeBlocker(alice, [bob, dan], { title: "Two asked" });
  at("2026-11-05T11:00");
  await ok(dan.client.post(`/api/blockers/${twoAsked}/decline`, { reason: "Not mine" }));
  at("2026-11-05T12:00");
  await ok(alice.client.post(`/api/blockers/${twoAsked}/people`, { profileId: carol.profileId, role: "blocking" }));
  at("2026-11-05T13:00");
  await ok(bob.client.post(`/api/blockers/${twoAsked}/done`));
  at("2026-11-05T17:00");
  await ok(carol.client.post(`/api/blockers/${twoAsked}/done`));

  // Cancelled: Dan waits on Carol from Friday 09:00 to 12:00 (3 h), then cancels it.
  at("2026-11-06T09:00");
  cancelled = await makeBlocker(dan, [carol], { title: "Cancelled" });
  at("2026-11-06T12:00");
  await ok(dan.client.post(`/api/blockers/${cancelled}/cancel`));

  // Still open at the end of the range (Sunday 24:00): Carol waits on Dan from Sunday 12:00, 12 hours of it.
  at("2026-11-08T12:00");
  stillOpen = await makeBlocker(carol, [dan], { title: "Still open" });

  // Read on Monday at noon, when the range ended 12 hours ago.
  at("2026-11-09T12:00");
});
afterAll(() => server?.stop());

const week = "from=2026-11-02&to=2026-11-08";

describe("the team's report", () => {
  it("counts person-hours, time to unblock and its percentiles as worked out by hand", async () => {
    const report = await read<TeamReport>(carol, `/api/insights/team?${week}`);
    // Logged in the range: reopened, twoAsked, cancelled, stillOpen.
    // Resolutions: reopened twice (24 h, 6 h), twoAsked once (8 h). Median of 6, 8, 24 is 8 h; the 90th percentile,
    // interpolated at 0.9 × (3 − 1) = 1.8 places in: 8 + 0.8 × (24 − 8) = 20.8 h. Cancelled ones are apart.
    // Person-hours: Bob 24 × 1 (Alice) + 22 × 1 (Carol, from 11:00) + 6 × 2 (both, after the reopening) + 4 × 1 = 62;
    // Dan 2 (declined after 2 h) + 12 (still open, to the range's end) = 14; Carol 5 + 3 (cancelled after 3 h) = 8.
    // One nudge (Alice's, to Bob) among the blockers resolved, over three resolutions: 0.3 per resolution.
    expect(report.summary).toEqual({ created: 4, resolved: 3, cancelled: 1, medianTimeToUnblockMs: 8 * HOUR, p90TimeToUnblockMs: 20.8 * HOUR, personHours: 84, nudgesPerResolved: 0.3 });
    expect(report.whoBlocks.map((row) => [row.person.id, row.personHours, row.blockers, row.done, row.medianTimeToUnblockMs])).toEqual([
      // Bob was done three times: after 24, 6 and 4 hours; median 6.
      [bob.profileId, 62, 2, 3, 6 * HOUR],
      [dan.profileId, 14, 2, 0, null],
      [carol.profileId, 8, 2, 1, 5 * HOUR],
    ]);
    // One week in the range: each sparkline has one point, the person's whole week.
    expect(report.whoBlocks.map((row) => row.weeks)).toEqual([[62], [14], [8]]);
    expect(report.weeks).toEqual([{ week: "2026-11-02", created: 4, resolved: 3, cancelled: 1, medianTimeToUnblockMs: 8 * HOUR, p90TimeToUnblockMs: 20.8 * HOUR, nudgesPerResolved: 0.3 }]);
  });

  it("lists what is still open at the range's end by its age then, and draws one bar per opening and person waited on", async () => {
    const report = await read<TeamReport>(carol, `/api/insights/team?${week}`);
    expect(report.openByAge.map((bucket) => [bucket.bucket, bucket.count, bucket.blockers.map((blocker) => blocker.id)])).toEqual([
      ["under1d", 1, [stillOpen]],
      ["days1to3", 0, []],
      ["days3to7", 0, []],
      ["over7d", 0, []],
    ]);
    // Bars: reopened twice under Bob; twoAsked under Bob, Dan and Carol; cancelled under Carol; stillOpen under Dan.
    expect(report.timeline.total).toBe(7);
    const barsOf = (person: Teammate) => report.timeline.groups.find((group) => group.person.id === person.profileId)?.bars.map((bar) => [bar.blockerId, bar.status]);
    expect(barsOf(bob)).toEqual([
      [reopened, "resolved"],
      [twoAsked, "resolved"],
      [reopened, "resolved"],
    ]);
    expect(barsOf(dan)).toEqual([
      [stillOpen, "open"],
      [twoAsked, "resolved"],
    ]);
    const open = report.timeline.groups.flatMap((group) => group.bars).find((bar) => bar.blockerId === stillOpen);
    expect([open?.start, open?.end].map((time) => new Date(time ?? "").toISOString())).toEqual([paris("2026-11-08T12:00").toISOString(), paris("2026-11-09T00:00").toISOString()]);
  });

  it("narrows every part to one person waited on, a priority or a source", async () => {
    const onDan = await read<TeamReport>(carol, `/api/insights/team?${week}&person=${dan.profileId}`);
    // Blockers that waited on Dan: twoAsked (resolved after 8 h) and stillOpen.
    expect(onDan.summary).toMatchObject({ created: 2, resolved: 1, cancelled: 0, medianTimeToUnblockMs: 8 * HOUR, personHours: 14 });
    expect(onDan.whoBlocks.map((row) => row.person.id)).toEqual([dan.profileId]);
    const urgent = await read<TeamReport>(carol, `/api/insights/team?${week}&priority=urgent`);
    expect(urgent.summary).toMatchObject({ created: 0, resolved: 0, personHours: 0 });
    expect(urgent.whoBlocks).toEqual([]);
    const fromSlack = await read<TeamReport>(carol, `/api/insights/team?${week}&source=slack`);
    expect(fromSlack.summary.created).toBe(0);
  });

  it("buckets weeks in the viewer's time zone across the clock change, and counts real hours", async () => {
    const report = await read<TeamReport>(carol, "/api/insights/team?from=2026-10-19&to=2026-11-01");
    // acrossDst: 13 real hours (Sunday 00:00 to 12:00 across 03:00 → 02:00), resolved in the week of 19 October;
    // resolvedAfterMidnight: 1 hour, resolved on Monday 26 October in Paris (still Sunday in UTC).
    expect(report.weeks.map((row) => [row.week, row.created, row.resolved, row.medianTimeToUnblockMs])).toEqual([
      ["2026-10-19", 2, 1, 13 * HOUR],
      ["2026-10-26", 0, 1, 1 * HOUR],
    ]);
    expect(report.whoBlocks.map((row) => [row.person.id, row.personHours, row.weeks])).toEqual([[carol.profileId, 14, [13.5, 0.5]]]);
  });

  it("compares with the period before, of the same length", async () => {
    // The week before 2 November holds resolvedAfterMidnight's last half hour (Monday 00:00–00:30).
    const report = await read<TeamReport>(carol, `/api/insights/team?${week}`);
    expect(report.previous).toMatchObject({ created: 0, resolved: 1, cancelled: 0, medianTimeToUnblockMs: 1 * HOUR, personHours: 0.5 });
  });

  it("still shows someone who left the team, as a former member, with what they held up", async () => {
    const members = await read<{ items: { memberId: string; profileId: string }[] }>(olivia, "/api/team/members");
    const membership = members.items.find((entry) => entry.profileId === dan.profileId);
    expect(membership).toBeDefined();
    await ok(olivia.client.request(`/api/team/members/${membership?.memberId}`, { method: "DELETE" }));
    const report = await read<TeamReport>(carol, `/api/insights/team?${week}`);
    expect(report.whoBlocks.find((row) => row.person.id === dan.profileId)).toMatchObject({ personHours: 14, person: { formerMember: true } });
  });
});

describe("a member's own report", () => {
  it("counts what waited on me, how fast I answered and the nudges I needed", async () => {
    const report = await read<PersonalReport>(bob, `/api/insights/me?${week}`);
    // Bob: done after 24, 6 and 4 hours; median 6, 90th percentile 6 + 0.8 × (24 − 6) = 20.4 h; nudged once before
    // the first of the three: (1 + 0 + 0) / 3 ≈ 0.3 nudges before acting.
    expect(report.summary).toEqual({ blockers: 2, personHours: 62, done: 3, medianTimeToDoneMs: 6 * HOUR, p90TimeToDoneMs: 20.4 * HOUR, nudgesBeforeDone: 0.3, waitedBlockers: 0, waitedHours: 0, waitedMedianMs: null });
    expect(report.weeks).toEqual([{ week: "2026-11-02", done: 3, medianTimeToDoneMs: 6 * HOUR, personHours: 62, waitedHours: 0 }]);
  });

  it("counts how long I waited on others, and what still waits on me by age", async () => {
    // Alice waited on reopened for 24 + 6 hours and on twoAsked for 8: 38 hours; their resolutions took 24, 6 and
    // 8 hours, median 8.
    const alices = await read<PersonalReport>(alice, `/api/insights/me?${week}`);
    expect(alices.summary).toMatchObject({ blockers: 0, waitedBlockers: 2, waitedHours: 38, waitedMedianMs: 8 * HOUR });
    // Carol waited on reopened from 11:00 (22 hours, then 6 after the reopening) and on stillOpen (12 hours by the
    // range's end); twoAsked (5 h, Alice waiting) and cancelled (3 h, Dan waiting) waited on her.
    const carols = await read<PersonalReport>(carol, `/api/insights/me?${week}`);
    expect(carols.summary).toMatchObject({ blockers: 2, personHours: 8, done: 1, waitedBlockers: 2, waitedHours: 22 + 6 + 12 });
    expect(carols.openByAge.map((bucket) => bucket.count)).toEqual([0, 0, 0, 0]);
  });
});
