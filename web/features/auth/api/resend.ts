import type { resendTypes } from "@/common/auth-rules";
import { api, unwrap } from "@/web/lib/api-client";

/** Sends again the sign-up confirmation link or a one-time code. */
export const resend = (email: string, type: (typeof resendTypes)[number]) => unwrap(api.auth.resend.$post({ json: { email, type } }));
