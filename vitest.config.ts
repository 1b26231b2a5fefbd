import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { markdownContent } from "./scripts/vite-site-plugins.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "common/**/*.test.ts"],
          exclude: ["server/**/*.postgres.test.ts"],
          // Each file starts its own server and database: generous timeouts for PGlite's first start on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Tests that only make sense on a PostgreSQL server (several instances on one database).
        test: { name: "postgres", environment: "node", include: ["server/**/*.postgres.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        plugins: [react(), markdownContent()],
        test: { name: "web", environment: "happy-dom", include: ["web/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
