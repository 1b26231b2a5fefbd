import type { SupportRequestInput } from "@/common/support";
import { api, unwrap } from "@/web/lib/api-client";

/** Sends the contact form; the server stores it, then mails it to the support address. */
export const sendSupportRequest = (request: SupportRequestInput) => unwrap(api.support.$post({ json: request }));
