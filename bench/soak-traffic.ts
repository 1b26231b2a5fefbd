// The soak benchmark's traffic: people of one team using Holdup as the web app does (the dashboard's requests,
// creating and answering blockers, comments, nudges, the blocker page), their open event streams (reconnecting now
// and then), hostile clients sending bad input, and one of them opening event streams in a loop. Every loop runs until a deadline and paces itself with timers;
// every request has a time limit, so the run stops by itself. All of it goes to a server on the loopback interface.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_BODY_BYTES } from "../server/app.ts";
import type { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { hostileRequests, type HostileRequest, type HostileTargets } from "./hostile-requests.ts";
import type { Person } from "./soak-team.ts";

/** A request that takes longer than this is a hang; it is counted as a connection error and the loop goes on. */
const REQUEST_TIMEOUT_MS = 30_000;

type Group = "people" | "hostile" | "streams";
export type SlowRequest = { ms: number; group: Group; label: string; status: number | "connection error"; atSecond: number };

/** What the traffic saw: latencies (all but event streams), answers by class, and the slowest requests. */
export class SoakStats {
  readonly latencies: Record<Exclude<Group, "streams">, number[]> = { people: [], hostile: [] };
  readonly statusCounts = new Map<string, number>();
  serverErrors = 0;
  connectionErrors = 0;
  hostileRefusals = 0;
  /** 4xx answers to people's own requests: the traffic is meant to be valid, so these are listed in the report. */
  peopleRefusals = 0;
  /** Over-limit bodies whose 413 the client did not get to read before the server closed the connection. */
  oversizedCutOff = 0;
  streamsOpened = 0;
  eventsReceived = 0;
  /** One account opening streams in a loop (streamHogLoop): what it got, while everyone else's streams must not notice. */
  readonly hog = { opened: 0, closedForNewer: 0, refused: 0, mostOpenAtOnce: 0 };
  readonly problems: string[] = [];
  readonly slowest: SlowRequest[] = [];

  constructor(private readonly startedAt: number) {}

  record(group: Group, label: string, status: number | "connection error", ms: number, detail = "") {
    const atSecond = Math.round((performance.now() - this.startedAt) / 1000);
    if (group !== "streams") this.latencies[group].push(ms);
    const key = `${group} ${status === "connection error" ? status : `${Math.floor(status / 100)}xx`}`;
    this.statusCounts.set(key, (this.statusCounts.get(key) ?? 0) + 1);
    if (status === "connection error") this.connectionErrors++;
    else if (status >= 500) this.serverErrors++;
    else if (status >= 400 && group === "hostile") this.hostileRefusals++;
    else if (status >= 400) this.peopleRefusals++;
    const isProblem = status === "connection error" || status >= 500 || (status >= 400 && group !== "hostile");
    if (isProblem && this.problems.length < 50) this.problems.push(`${atSecond}s ${group} ${label}: ${status}${detail ? ` ${detail.slice(0, 200)}` : ""}`);
    if (group !== "streams" && (this.slowest.length < 5 || ms > (this.slowest.at(-1)?.ms ?? 0))) {
      this.slowest.push({ ms, group, label, status, atSecond });
      this.slowest.sort((a, b) => b.ms - a.ms);
      this.slowest.length = Math.min(this.slowest.length, 5);
    }
  }

  get requests() {
    return this.latencies.people.length + this.latencies.hostile.length;
  }
}

const pause = (fromMs: number, toMs: number) => sleep(fromMs + Math.random() * (toMs - fromMs));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

type Card = { id: string; status: string; blocking: { person: { id: string }; status: string; nextNudgeAt: string | null }[]; waiting: { id: string }[]; creator: { id: string } };

/** One of a person's requests, timed and recorded; the parsed JSON when it succeeded. */
async function call(stats: SoakStats, client: BrowserLikeClient, label: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<unknown> {
  const started = performance.now();
  try {
    const response = await client.fetch(new URL(path, client.baseUrl), {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: init.json === undefined ? {} : { "content-type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    stats.record("people", label, response.status, performance.now() - started, response.ok ? "" : text);
    return response.ok && text ? (JSON.parse(text) as unknown) : undefined;
  } catch (error) {
    stats.record("people", label, "connection error", performance.now() - started, String((error as Error).cause ?? error));
    return undefined;
  }
}

/** What the web app's signed-in layout and dashboard ask for, in parallel as the browser does. */
async function loadDashboard(stats: SoakStats, client: BrowserLikeClient) {
  const [, , , dashboard] = await Promise.all([
    call(stats, client, "get-session", "/api/auth/get-session"),
    call(stats, client, "profile", "/api/profile"),
    call(stats, client, "counters", "/api/counters"),
    call(stats, client, "dashboard", "/api/dashboard"),
    call(stats, client, "unread-count", "/api/notifications/unread-count"),
    call(stats, client, "team", "/api/team"),
  ]);
  const columns = dashboard as { waitingOnMe?: { items: Card[] }; imWaitingOn?: { items: Card[] } } | undefined;
  return { waitingOnMe: columns?.waitingOnMe?.items ?? [], imWaitingOn: columns?.imWaitingOn?.items ?? [] };
}

const COMMENTS = ["Any news on this?", "I am on it, should be done by tomorrow.", "Blocked on the vendor, will update.", "Thanks! 🙏", "Can we talk about it in the stand-up?"];

/** One person: the dashboard, a pause, one thing done about a blocker, a pause; again until the deadline. */
async function personLoop(stats: SoakStats, person: Person, team: Person[], deadline: number) {
  const me = person.profileId;
  while (performance.now() < deadline) {
    const { waitingOnMe, imWaitingOn } = await loadDashboard(stats, person.client);
    await pause(500, 2_000);
    if (performance.now() >= deadline) break;
    const myPart = (card: Card) => card.blocking.find((part) => part.person.id === me && part.status === "pending");
    const toAnswer = waitingOnMe.filter((card) => card.status === "open" && myPart(card));
    const toNudge = imWaitingOn.flatMap((card) => card.blocking.filter((part) => part.status === "pending" && (!part.nextNudgeAt || Date.parse(part.nextNudgeAt) <= Date.now())).map((part) => ({ card, part })));
    const roll = Math.random();
    const answering = pick(toAnswer);
    const nudging = pick(toNudge);
    const anyCard = pick([...waitingOnMe, ...imWaitingOn]);
    // Blockers are created about as fast as they are answered, so the lists stay the size of a real team's.
    if (roll < 0.2 || !anyCard) {
      const others = team.filter((teammate) => teammate.profileId !== me);
      const blocking = [...new Set([pick(others), Math.random() < 0.3 ? pick(others) : undefined].filter((teammate) => teammate !== undefined))].map((teammate) => teammate.profileId);
      await call(stats, person.client, "people list", "/api/people");
      await call(stats, person.client, "create blocker", "/api/blockers", { json: { title: `Review of change #${Math.floor(Math.random() * 10_000)}`, description: "Needed before the release.", priority: pick(["low", "normal", "high", "urgent"]), blockingProfileIds: blocking } });
    } else if (roll < 0.4 && answering) {
      await call(stats, person.client, "blocker page", `/api/blockers/${answering.id}`);
      await call(stats, person.client, "done", `/api/blockers/${answering.id}/done`, { method: "POST" });
    } else if (roll < 0.5 && answering) {
      await call(stats, person.client, "decline", `/api/blockers/${answering.id}/decline`, { json: { reason: "Not mine: the platform team owns this." } });
    } else if (roll < 0.6 && answering) {
      await call(stats, person.client, "snooze", `/api/blockers/${answering.id}/snooze`, { json: { until: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() } });
    } else if (roll < 0.7 && nudging) {
      await call(stats, person.client, "nudge", `/api/blockers/${nudging.card.id}/nudge`, { json: { profileId: nudging.part.person.id } });
    } else if (roll < 0.9) {
      await call(stats, person.client, "blocker page", `/api/blockers/${anyCard.id}`);
      await call(stats, person.client, "comment", `/api/blockers/${anyCard.id}/comments`, { json: { body: pick(COMMENTS) } });
    } else {
      await call(stats, person.client, "blocker page", `/api/blockers/${anyCard.id}`);
    }
    await pause(1_000, 4_000);
  }
}

/** A person's live updates: an event stream held open for a while, then reconnected, as a browser tab does. */
async function eventStreamLoop(stats: SoakStats, person: Person, deadline: number) {
  while (performance.now() < deadline) {
    const holdFor = Math.min(20_000 + Math.random() * 60_000, deadline - performance.now());
    const closing = new AbortController();
    const timer = setTimeout(() => closing.abort(), holdFor);
    const started = performance.now();
    try {
      const response = await person.client.fetch(new URL("/api/events", person.client.baseUrl), { signal: closing.signal });
      stats.streamsOpened++;
      if (response.status !== 200 || !response.body) {
        stats.record("streams", "open", response.status, performance.now() - started, await response.text());
      } else {
        const decoder = new TextDecoder();
        for await (const chunk of response.body) stats.eventsReceived += decoder.decode(chunk as Uint8Array, { stream: true }).split("event: change").length - 1;
        // The server ended the stream while we still wanted it.
        if (!closing.signal.aborted) stats.record("streams", "ended by the server", "connection error", performance.now() - started);
      }
    } catch (error) {
      if (!closing.signal.aborted) stats.record("streams", "open", "connection error", performance.now() - started, String((error as Error).cause ?? error));
    } finally {
      clearTimeout(timer);
    }
    await pause(500, 3_000);
  }
}

/**
 * One account opening live streams in a loop and never closing them (a stolen session, a script gone wrong): the server
 * keeps its ten newest (the eleventh closes the oldest with a "reconnect" event) and everyone else's streams carry on,
 * which the people's own stream loops check. Its answers are counted apart: a 503 to it is the limit working.
 */
async function streamHogLoop(stats: SoakStats, hog: Person, deadline: number) {
  const open = new Set<AbortController>();
  const holdOne = async () => {
    const closing = new AbortController();
    open.add(closing);
    stats.hog.mostOpenAtOnce = Math.max(stats.hog.mostOpenAtOnce, open.size);
    try {
      const response = await hog.client.fetch(new URL("/api/events", hog.client.baseUrl), { signal: closing.signal });
      if (response.status !== 200 || !response.body) {
        stats.hog.refused++;
        await response.body?.cancel();
        return;
      }
      stats.hog.opened++;
      const decoder = new TextDecoder();
      for await (const chunk of response.body) if (decoder.decode(chunk as Uint8Array, { stream: true }).includes("event: reconnect")) stats.hog.closedForNewer++;
    } catch {
      // Closed at the deadline.
    } finally {
      open.delete(closing);
    }
  };
  const holding: Promise<void>[] = [];
  while (performance.now() < deadline) {
    holding.push(holdOne());
    await pause(100, 300);
  }
  for (const closing of open) closing.abort();
  await Promise.all(holding);
}

/** Sends one hostile request with node:http, which reads a 413 even when the server closes the connection mid-body. */
function sendHostile(baseUrl: string, request: HostileRequest, headers: Record<string, string>, agent: http.Agent): Promise<{ status: number; text: string }> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  // A body over the limit goes on a connection of its own: the server answers 413 and closes it (server/app.ts).
  const oversized = (body?.length ?? 0) > MAX_BODY_BYTES;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(request.path, baseUrl), {
      method: request.method,
      headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}), ...(oversized ? { connection: "close" } : {}) },
      agent: oversized ? false : agent,
      timeout: REQUEST_TIMEOUT_MS,
    });
    let answered = false;
    outgoing.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    // Writing the rest of a refused body fails once the server has closed: the answer already came, so that is fine.
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    outgoing.end(body);
  });
}

/**
 * A hostile client: a signed-in member of the team sending bad input back to back, from an address that changes
 * every few dozen requests (so per-client limits answer some of it, not all), sometimes without an Origin.
 */
async function hostileLoop(stats: SoakStats, hostile: Person, targets: HostileTargets, seed: number, deadline: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const requests = hostileRequests(targets, seed);
  let sent = 0;
  let address = hostile.client.address;
  let cookieRefreshedAt = 0;
  try {
    while (performance.now() < deadline) {
      // The member's session copy must stay fresh, as their browser keeps it (get-session, every half minute).
      if (performance.now() - cookieRefreshedAt > 30_000) {
        await call(stats, hostile.client, "get-session", "/api/auth/get-session");
        cookieRefreshedAt = performance.now();
      }
      if (sent++ % 40 === 0) address = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(seed & 0xffff).toString(16)}::1`;
      const request = requests.next().value as HostileRequest;
      const origin: Record<string, string> = Math.random() < 0.9 ? { origin: hostile.client.baseUrl } : Math.random() < 0.5 ? { origin: "https://evil.example" } : {};
      const headers = { cookie: hostile.client.cookieHeader, ...origin, "x-forwarded-for": address, ...request.headers };
      const started = performance.now();
      try {
        const answer = await sendHostile(hostile.client.baseUrl, request, headers, agent);
        stats.record("hostile", request.kind, answer.status, performance.now() - started, answer.status >= 500 ? answer.text : "");
      } catch (error) {
        // The server answers an over-limit body with 413 and closes the connection; a client still sending it may see
        // the close (EPIPE, ECONNRESET) before it reads the answer: HTTP/1.1's own race, not a failure of the server.
        const code = (error as NodeJS.ErrnoException).code ?? "";
        if (Buffer.byteLength(request.body ?? "") > MAX_BODY_BYTES && ["EPIPE", "ECONNRESET"].includes(code)) stats.oversizedCutOff++;
        else stats.record("hostile", request.kind, "connection error", performance.now() - started, String(error));
      }
      await pause(50, 250);
    }
  } finally {
    agent.destroy();
  }
}

export type TrafficPlan = { people: Person[]; hostile: Person[]; targets: HostileTargets; durationMs: number; seed: number };

/** Runs every loop until the deadline; resolves when all of them have stopped. */
export async function runTraffic(stats: SoakStats, plan: TrafficPlan) {
  const deadline = performance.now() + plan.durationMs;
  await Promise.all([
    ...plan.people.map((person) => personLoop(stats, person, plan.people, deadline)),
    ...plan.people.map((person) => eventStreamLoop(stats, person, deadline)),
    ...plan.hostile.map((hostile, index) => hostileLoop(stats, hostile, plan.targets, plan.seed + index * 1_000_003, deadline)),
    ...plan.hostile.slice(0, 1).map((hog) => streamHogLoop(stats, hog, deadline)),
  ]);
}
