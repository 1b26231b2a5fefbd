import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

export type Profile = typeof profiles.$inferSelect;

export async function findProfile(db: Database, authId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.authId, authId)).limit(1);
  return profile;
}
