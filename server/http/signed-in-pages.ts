// The signed-in pages drawn on the server (issue #28): /dashboard, /blockers/:id, /resolved and /notifications answer
// with the frame and the page already drawn, from the same reads the API answers with, written into the page for the
// browser to hydrate with (web/app/first-render.tsx). Signed out: straight to /login, no flash. Not onboarded:
// onboarding. A render that fails for any reason sends the app's page instead, which draws itself in the browser.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "hono";
import { blockerIdSchema, resolvedFiltersOf, resolvedFiltersSchema } from "../../common/blockers.ts";
import { drawnPages } from "../../common/drawn-pages.ts";
import { paths } from "../../common/paths.ts";
import { recordIdSchema } from "../../common/profile.ts";
import { TEAM_QUERY, TEAM_STORAGE_KEY } from "../../common/teams.ts";
import type { FirstPageRead, FirstReads } from "../../web/app/first-reads.ts";
import type { RenderedPage } from "../../web/app/server-render.tsx";
import type { FirstRender } from "../../web/app/first-render.tsx";
import { countWaiting } from "../features/counters/count-waiting.ts";
import { getBlocker } from "../features/blockers/get-blocker.ts";
import { loadDashboard } from "../features/blockers/list-dashboard.ts";
import { listResolved } from "../features/blockers/list-resolved.ts";
import { countUnread, listNotifications } from "../features/notifications/list-notifications.ts";
import { findProfile } from "../features/profile/find-profile.ts";
import { profileAnswer } from "../features/profile/update-profile.ts";
import { findTeam } from "../features/team/find-team.ts";
import { cookieValue } from "../auth/session-reader.ts";
import type { AppDependencies, Member } from "./app-env.ts";
import { findKeptMember } from "./require-member.ts";
import { chosenEncoding, compress } from "./compression.ts";
import { Refusal } from "./refusal.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";

export type SignedInPageRenderer = (url: string, drawn: Omit<FirstRender, "title">) => Promise<RenderedPage>;
export type SignedInPagesDependencies = Pick<AppDependencies, "db" | "answers" | "clock" | "readSession" | "logger" | "events">;
type Dependencies = SignedInPagesDependencies;

/** The renderer the build made (dist/ssr/render-app.js beside dist/web), loaded on first use; undefined when absent. */
export function builtRenderer(webDir: string): () => Promise<SignedInPageRenderer | undefined> {
  let loading: Promise<SignedInPageRenderer | undefined> | undefined;
  const file = path.join(webDir, "..", "ssr", "render-app.js");
  return () =>
    (loading ??= import(pathToFileURL(file).href).then(
      (module: { renderSignedInPage: SignedInPageRenderer }) => module.renderSignedInPage,
      () => undefined,
    ));
}

type PageAsked = { page: "dashboard" } | { page: "blocker"; id: string } | { page: "resolved" } | { page: "notifications" };

/** Which of the server-drawn pages a path is, if any. */
function pageAt(pathname: string): PageAsked | undefined {
  for (const { page, path: shape } of drawnPages) {
    const match = shape.exec(pathname);
    if (!match) continue;
    return page === "blocker" ? { page, id: match[1] ?? "" } : { page };
  }
  return undefined;
}

const cookieOf = (c: Context, name: string) => cookieValue(c.req.header("cookie") ?? "", name);

/** The team a page is drawn in: `?team=`, else the one the person's tab last acted in (its cookie), else their first. */
function documentTeamOf(c: Context): string | undefined {
  const named = c.req.query(TEAM_QUERY) ?? cookieOf(c, TEAM_STORAGE_KEY);
  const parsed = recordIdSchema.safeParse(named);
  return parsed.success ? parsed.data : undefined;
}

/** The first language the browser asks for that dates can be written in; English otherwise. */
function localeOf(c: Context): string {
  const first = (c.req.header("accept-language") ?? "").split(",")[0]?.split(";")[0]?.trim() ?? "";
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([first])[0] ?? "en-US";
  } catch {
    return "en-US";
  }
}

/** The page's own read, as the API answers it (web/app/first-reads.ts's FirstPageRead once it is JSON). */
type PageRead = { page: FirstPageRead["page"]; [field: string]: unknown };

async function readPage(deps: Dependencies, member: Member, asked: PageAsked, search: URLSearchParams, now: Date): Promise<PageRead> {
  switch (asked.page) {
    case "dashboard":
      return { page: "dashboard", dashboard: (await loadDashboard(deps, member, now)).value };
    case "blocker": {
      if (!blockerIdSchema.safeParse(asked.id).success) return { page: "blocker", id: asked.id, blocker: null };
      try {
        return { page: "blocker", id: asked.id, blocker: await getBlocker(deps.db, member, asked.id, now) };
      } catch (error) {
        // Another team's, or none: the page says it was not found, as it does when the browser reads it.
        if (error instanceof Refusal && error.status === 404) return { page: "blocker", id: asked.id, blocker: null };
        throw error;
      }
    }
    case "resolved": {
      const filters = resolvedFiltersOf(search);
      return { page: "resolved", filters, resolved: await listResolved(deps.db, member, resolvedFiltersSchema.parse(filters), now) };
    }
    case "notifications":
      return { page: "notifications", notifications: await listNotifications(deps.db, member) };
  }
}

/** The data block the browser hydrates with: JSON, with "<" escaped so no text in it can close the element. */
const firstRenderBlock = (first: FirstRender) => `<script type="application/json" id="holdup-first">${JSON.stringify(first).replace(/</g, "\\u003c")}</script>`;

const escapeText = (text: string) => text.replace(/[&<>]/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[character] ?? character);

/**
 * The pages' handler. `template` is the app's page (index.html as served, its policy worked out from it): the drawn
 * page replaces its spinner, the data block goes before its scripts, the early requests are left out.
 */
export function signedInPages(deps: Dependencies, options: { renderer: () => Promise<SignedInPageRenderer | undefined>; template: { body: string; policy: string } }) {
  const template = options.template.body.replace(/<!--early-requests-->[\s\S]*?<!--\/early-requests-->/, "");
  return async (c: Context, next: () => Promise<void>) => {
    const asked = pageAt(c.req.path);
    if (!asked) return next();
    const url = new URL(c.req.url);
    const session = await deps.readSession(c.req.header("cookie") ?? "", () => c.req.raw.headers);
    if (!session) return c.redirect(`${paths.login}?from=${encodeURIComponent(url.pathname + url.search)}`, 302);
    const renderer = await options.renderer();
    if (!renderer) return next();
    const teamId = documentTeamOf(c);
    const member = (await findKeptMember(deps, session.user.id, teamId)) ?? (teamId ? await findKeptMember(deps, session.user.id, undefined) : undefined);
    const profile = await findProfile(deps.db, session.user.id);
    if (!member || !profile?.onboardedAt) return c.redirect(paths.onboarding, 302);
    const now = deps.clock.now();
    const [team, unread, counters, page] = await Promise.all([
      findTeam(deps.db, session.user.id, member.teamId),
      countUnread(deps.db, member),
      countWaiting(deps.db, member),
      readPage(deps, member, asked, url.searchParams, now),
    ]);
    if (!team) return next();
    // What the browser would have read from the API, as it would have read it (JSON: dates as text).
    const reads = JSON.parse(JSON.stringify({ profile: profileAnswer(profile), team, unread: { unread }, counters, page })) as FirstReads;
    const { user } = session;
    let rendered: RenderedPage;
    try {
      rendered = await renderer(url.href, {
        teamId: member.teamId,
        renderedAt: now.toISOString(),
        readOn: deps.events.instanceId,
        reader: { timeZone: member.timezone, locale: localeOf(c) },
        sidebarOpen: cookieOf(c, "sidebar_state") !== "false",
        user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null, emailVerified: user.emailVerified, createdAt: user.createdAt, updatedAt: user.updatedAt },
        reads,
      });
    } catch (error) {
      deps.logger.error(`Drawing ${url.pathname} on the server failed; the browser draws it`, error);
      return next();
    }
    // Replaced by functions: a "$" in a title or a card is text, not a replacement pattern.
    const body = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(rendered.first.title ? `${rendered.first.title} · Holdup` : "Holdup")}</title>`)
      .replace(/<div id="root">[\s\S]*<\/div>(\s*)<\/body>/, (_match, space: string) => `<div id="root">${rendered.html}</div>${space}${firstRenderBlock(rendered.first)}${space}</body>`);
    // The person's own page: never kept by a browser's or a proxy's cache, never sent to anyone else.
    c.header("Cache-Control", "private, no-store");
    c.header("Vary", "Cookie, Accept-Encoding");
    c.header(CONTENT_SECURITY_POLICY, options.template.policy);
    c.header("Content-Type", "text/html; charset=utf-8");
    const status = page.page === "blocker" && page.blocker === null ? 404 : 200;
    const encoding = chosenEncoding(c.req.header("accept-encoding"));
    if (!encoding) return c.body(body, status);
    c.header("Content-Encoding", encoding);
    return c.body(await compress(new TextEncoder().encode(body), encoding), status);
  };
}
