import { randomBytes } from "node:crypto";
import type { Auth } from "../../auth/auth.ts";

/** URL-safe and unique: the name's words plus a short random suffix, so two "Platform" teams never collide. */
export function teamSlug(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${words || "team"}-${randomBytes(3).toString("hex")}`;
}

/**
 * Creates the person's team, with them as its owner. A server call on their behalf (`userId`, no session): people
 * may not create teams through better-auth's endpoint (decision 018), and better-auth still refuses a second team.
 */
export async function createTeam(auth: Auth, userId: string, name: string) {
  return auth.api.createOrganization({ body: { name, slug: teamSlug(name), userId } });
}
