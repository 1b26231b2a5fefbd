import { eq } from "drizzle-orm";
import type { WorkingHours } from "../../../common/profile.ts";
import type { Database } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { profileNotFound } from "../../http/refusal.ts";

/** Changes the profile (404 when there is none), and keeps the account's display name the same as the profile's full name. */
export async function updateProfile(db: Database, authId: string, changes: { fullName?: string; timezone?: string; workingHours?: WorkingHours }) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.update(profiles).set(changes).where(eq(profiles.authId, authId)).returning();
    if (profile && changes.fullName !== undefined) await tx.update(user).set({ name: changes.fullName }).where(eq(user.id, authId));
    if (!profile) throw profileNotFound();
    return profile;
  });
}
