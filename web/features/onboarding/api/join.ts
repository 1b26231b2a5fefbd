import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

/** Who invited the link's reader to what (no session needed: the token is the proof, decision 051). */
export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["invitation-preview", token], queryFn: () => unwrap(api.join[":token"].$get({ param: { token } })), retry: false });

/** Makes the account, signs it in and joins the team, in one request; the session's cookie comes with the answer. */
export const joinWithNewAccount = (token: string, newcomer: { fullName: string; password: string; timezone: string }) => unwrap(api.join[":token"].$post({ param: { token }, json: newcomer }));
