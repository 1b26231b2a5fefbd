import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

/** Sets onboarded_at once; finishing again keeps the first date. */
export async function completeOnboarding(db: Database, authId: string, now: Date) {
  await db.update(profiles).set({ onboardedAt: now }).where(and(eq(profiles.authId, authId), isNull(profiles.onboardedAt)));
}
