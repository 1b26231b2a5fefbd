// The e-mail the server sent, as received by the SMTP server of the e2e harness (e2e/serve.ts).
import type { APIRequestContext } from "@playwright/test";

export type ReceivedMail = { to: string; replyTo: string; subject: string; text: string; html: string };

const mailboxUrl = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3101}`;

/** The first mail to this address whose subject contains `subject`, waiting for it to arrive. */
export async function receivedMail(request: APIRequestContext, to: string, subject: string): Promise<ReceivedMail> {
  const response = await request.get(`${mailboxUrl}/next?to=${encodeURIComponent(to)}&subject=${encodeURIComponent(subject)}`, { timeout: 15_000 });
  if (!response.ok()) throw new Error(`no mail to ${to} about "${subject}": ${await response.text()}`);
  return (await response.json()) as ReceivedMail;
}

export const linkIn = (mail: ReceivedMail) => /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? "";
