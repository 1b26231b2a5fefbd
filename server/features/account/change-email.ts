// Moving one's account to another e-mail address: the password first, then a link to the new address; the account
// moves when it is opened (better-auth's change-email flow, closed to browsers: account-security-rules.ts).
import type { Auth } from "../../auth/auth.ts";
import { paths } from "../../../common/paths.ts";
import { Refusal } from "../../http/refusal.ts";
import { checkPassword } from "./check-password.ts";

export async function changeEmail(auth: Auth, viewer: { email: string; headers: Headers }, change: { newEmail: string; password: string }) {
  if (change.newEmail === viewer.email.toLowerCase()) {
    throw new Refusal(400, "validation_failed", "This is already your e-mail address", { fields: { newEmail: ["This is already your e-mail address"] } });
  }
  await checkPassword(auth, viewer.headers, change.password);
  // better-auth answers the same whether or not another account has the address (nothing to learn about others);
  // only the address's owner, opening the link, can move this account there.
  await auth.api.changeEmail({ body: { newEmail: change.newEmail, callbackURL: `${paths.settingsPersonal}?email=changed` }, headers: viewer.headers });
  return { sentTo: change.newEmail };
}
