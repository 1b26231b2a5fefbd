import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { markdownContent } from "./scripts/vite-site-plugins.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Each file's whole time is kept for `npm run test:timings` (docs/testing.md).
    reporters: ["default", "./scripts/test-timings/vitest-reporter.ts"],
    // Two test files at a time even on two cores: each spends much of its time waiting on its own server and
    // database, so the server suite takes 8 minutes instead of 17 (decision 036).
    maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
    // expect.poll waits for what a person would see, however busy the machine: its default of one second lost a Slack
    // reply answered in 1.2 s while the PostgreSQL suite ran beside the tray's. A poll that succeeds ends at once.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "common/**/*.test.ts", "tray/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["server/**/*.postgres.test.ts", "tray/**/*.desktop.test.ts"],
          // Each file starts its own server and database: generous timeouts for PGlite's first start on 2 cores.
          testTimeout: 30_000,
          // The server's modules are loaded once per worker, not once per file: each file starts its own server from
          // them (startServer takes everything it needs as arguments), and importing the server anew for every file
          // was about a third of the suite's time (decision 047).
          isolate: false,
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
        // The tray on a real (virtual) Linux desktop: Xvfb, D-Bus, trayer (npm run test:tray).
        test: { name: "desktop", environment: "node", include: ["tray/**/*.desktop.test.ts"], testTimeout: 90_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        plugins: [react(), markdownContent()],
        test: { name: "web", environment: "happy-dom", include: ["web/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
