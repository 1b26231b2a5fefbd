import { deviceAuthorizationClient, emailOTPClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { fetchWithEarlyAnswers } from "./early-requests";

export const authClient = createAuthClient({
  basePath: "/api/auth",
  // The second factor is asked for by the sign-in forms themselves, from the answer's twoFactorRedirect.
  // The device grant's approval page (/device) for the tray and the browser extension (decision 042).
  plugins: [emailOTPClient(), twoFactorClient(), deviceAuthorizationClient()],
  // Re-read the session every 30 s (and on returning to the tab): a sign-out elsewhere is noticed within
  // that, and the signed session cookie, trusted for 60 s, stays fresh for the server's fast check.
  sessionOptions: { refetchInterval: 30, refetchOnWindowFocus: true },
  // The first session check takes the answer index.html's inline script asked for (web/lib/early-requests.ts).
  fetchOptions: { customFetchImpl: fetchWithEarlyAnswers },
});
