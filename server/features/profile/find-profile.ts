import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { profileNotFound } from "../../http/refusal.ts";

export type Profile = typeof profiles.$inferSelect;

export async function findProfile(db: Database, authId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.authId, authId)).limit(1);
  return profile;
}

/** The profile, or the specification's 404 'Profile not found'. */
export async function requireProfile(db: Database, authId: string): Promise<Profile> {
  const profile = await findProfile(db, authId);
  if (!profile) throw profileNotFound();
  return profile;
}
