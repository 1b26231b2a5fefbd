// Serves the built React app: hashed assets with a long cache, every other path gets index.html
// (the client router decides what to show, including the not-found page).
import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

export function webAppRoutes(webDir: string) {
  const app = new Hono();
  const indexPath = path.join(webDir, "index.html");
  if (!fs.existsSync(indexPath)) {
    return app.get("*", (c) => c.text("The web app is not built yet: run `npm run build`.", 503));
  }
  const indexHtml = fs.readFileSync(indexPath, "utf8");
  const relativeRoot = path.relative(process.cwd(), webDir);
  app.use(
    "/assets/*",
    serveStatic({
      root: relativeRoot,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A missing asset is a 404, not the app's page: a tab opened before a new build then fails clearly
  // (and offers a reload) instead of trying to run HTML as JavaScript.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root: relativeRoot, index: "__none__" }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}
