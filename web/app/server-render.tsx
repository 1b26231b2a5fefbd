// The signed-in pages drawn on the server (issue #28): built by scripts/build.mjs into dist/ssr/render-app.js and
// called by server/http/signed-in-pages.ts with what the server read. The same route table and components as the
// browser's, around a static router; the browser then hydrates the HTML with the same reads (web/main.tsx).
import { AsyncLocalStorage } from "node:async_hooks";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { ReactNode } from "react";
import type { Reader } from "@/common/moments";
import { createQueryClient } from "@/web/lib/query-client";
import { readReaderFrom } from "@/web/lib/reader";
import { i18next } from "@/web/lib/i18n";
import { routes } from "../router";
import "./app-strings";
import { AppRoot } from "./app-root";
import { seedFirstReads, type FirstPageRead } from "./first-reads";
import type { FirstRender } from "./first-render";

// Renders run side by side (each waits for its page's code): each one's reader is its own.
const readers = new AsyncLocalStorage<Reader>();
readReaderFrom(() => readers.getStore() ?? {});
const handler = createStaticHandler(routes);

/** The page's title, as the page itself sets it once drawn (usePageTitle). */
function titleOf(page: FirstPageRead): string {
  switch (page.page) {
    case "dashboard":
      return i18next.t("dashboard.title");
    case "blocker":
      return page.blocker?.title ?? i18next.t("blockers.detail.title");
    case "resolved":
      return i18next.t("blockers.resolved.title");
    case "notifications":
      return i18next.t("notifications.title");
  }
}

export type RenderedPage = { html: string; first: FirstRender };

/**
 * The markup of `element` once everything in it is ready (its lazy parts loaded), with every part written in place:
 * React would otherwise write a large part apart, with a script that moves it there, which the document's policy
 * refuses (progressiveChunkSize: the page is sent whole, after all its reads, so there is nothing to stream early).
 */
async function markupOf(element: ReactNode, reader: Reader): Promise<string> {
  // An error inside a Suspense boundary does not stop React: it leaves the boundary for the browser to draw, which
  // then reports a mismatch. Any such error fails the render, so the caller sends the page the browser draws.
  const errors: unknown[] = [];
  const html = await readers.run(reader, async () => {
    const stream = await renderToReadableStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) });
    await stream.allReady;
    return new Response(stream).text();
  });
  if (errors.length > 0) throw new AggregateError(errors, `Drawing the page failed: ${errors.map(String).join("; ")}`);
  if (html.includes("<script")) throw new Error("The page has a script in it, which the document's policy would refuse");
  return html;
}

/** The page at `url` for the person and reads in `first`; throws when the page cannot be drawn (the caller falls back). */
export async function renderSignedInPage(url: string, drawn: Omit<FirstRender, "title">): Promise<RenderedPage> {
  const first: FirstRender = { ...drawn, title: titleOf(drawn.reads.page) };
  const context = await handler.query(new Request(url));
  // No route has a loader or an action: a Response would be a redirect nobody asked for.
  if (context instanceof Response) throw new Error(`The route table answered ${context.status} for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seedFirstReads(queryClient, first.user.id, first.reads);
  const html = await markupOf(
    <AppRoot queryClient={queryClient} first={first}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
    first.reader,
  );
  queryClient.clear();
  return { html, first };
}
