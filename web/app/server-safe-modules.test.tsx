// @vitest-environment node
// Every page's code can be loaded where there is no browser (issue #28: the signed-in pages are to be rendered on the
// server): no module of the route table reads window, document or storage as it loads. Node, not happy-dom, runs this.
import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { LazyToaster } from "./lazy-toaster";

/** Every route with its lazy module, however deep. */
function lazyRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [...(typeof route.lazy === "function" ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe("the app's modules on a server", () => {
  it("load without a browser: the route table and every page behind it", { timeout: 60_000 }, async () => {
    expect(typeof window).toBe("undefined");
    const { routes } = await import("../router");
    const pages = lazyRoutes(routes);
    expect(pages.length).toBeGreaterThan(20);
    for (const route of pages) {
      const lazy = route.lazy as () => Promise<{ Component?: unknown }>;
      const loaded = await lazy();
      expect(typeof loaded.Component).toBe("function");
    }
  });
});

describe("the app's frame on a server", () => {
  it("renders the toaster's place as nothing (it comes with the first toast, after hydration)", () => {
    expect(renderToString(<LazyToaster theme="system" />)).toBe("");
  });
});
