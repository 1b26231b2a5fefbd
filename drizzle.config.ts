import { defineConfig } from "drizzle-kit";

// Only used by `npm run db:generate`; the server applies the migrations itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
