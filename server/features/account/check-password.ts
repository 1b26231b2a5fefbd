import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.ts";
import { Refusal } from "../../http/refusal.ts";

/**
 * Asks again for the signed-in person's password before something that cannot be undone or that moves their account
 * (better-auth's /verify-password, on the database's session). A wrong one is a 400 on the field `password`, with
 * better-auth's code, which the password limit counts (attempt-limits.ts).
 */
export async function checkPassword(auth: Auth, headers: Headers, password: string) {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    // Longer than any password Holdup accepts (better-auth refuses it before comparing): not theirs either.
    if (isAPIError(error) && (error.body?.code === "INVALID_PASSWORD" || error.body?.code === "PASSWORD_TOO_LONG")) {
      throw new Refusal(400, "INVALID_PASSWORD", "That is not your password", { fields: { password: ["That is not your password"] } });
    }
    throw error;
  }
}
