// Holdup's own tables (the better-auth tables live in auth-schema.ts).
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";

export type WorkingHours = { days: number[]; start: string; end: string };

/** A person in Holdup. The specification's `profiles`: `auth_id` links to the signed-in user. */
export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  authId: text("auth_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  email: text("email").notNull(),
  avatarUrl: text("avatar_url"),
  timezone: text("timezone").notNull().default("UTC"),
  workingHours: jsonb("working_hours")
    .$type<WorkingHours>()
    .notNull()
    .default(sql`'{"days":[1,2,3,4,5],"start":"09:00","end":"17:00"}'::jsonb`),
  onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-in attempts, kept in the database so the limit holds across server instances. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ipAddress: text("ip_address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sign_in_failures_email_idx").on(table.email, table.failedAt),
    index("sign_in_failures_ip_idx").on(table.ipAddress, table.failedAt),
  ],
);
