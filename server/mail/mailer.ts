// Sends e-mail through SMTP, or prints it to the server log when SMTP_URL is unset,
// so that someone running Holdup locally with nothing configured can still read their code.
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

/**
 * `replyTo`: where a reply goes when it should not go to MAIL_FROM (a support request's sender). `messageId`: the same
 * for every attempt at one message, so a mail system that got it twice shows it once. `headers`: List-Unsubscribe, say.
 * `date`: the Date header, by the app's clock (the moment the message went out as Holdup counts time).
 */
export type Mail = { to: string; replyTo?: string; subject: string; text: string; html: string; messageId?: string; headers?: Record<string, string>; date?: Date };
/** Answers the message's id as the SMTP server took it (undefined when printed to the log). */
export type Mailer = { send: (mail: Mail) => Promise<{ messageId?: string }>; close: () => void };

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        const replyTo = mail.replyTo ? `\nReply-To: ${mail.replyTo}` : "";
        // A block under the event, every line marked as the event's: the subject and text carry what people typed
        // (a blocker's title, a support message), which must not pass for log events of their own.
        logger.info("E-mail (no SMTP_URL set, so printed here instead of sent)", `To: ${mail.to}${replyTo}\nSubject: ${mail.subject}\n\n${mail.text}`);
        return {};
      },
      close: () => {},
    };
  }
  // Bounded: a mail server that hangs fails the attempt within about 40 s (the delivery worker counts on it, and tries
  // again later), instead of nodemailer's ten minutes.
  // A few connections kept open and reused: a burst of reminders does not pay a handshake per message.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 10, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    send: async (mail) => {
      const sent = await transport.sendMail({ from, ...mail });
      return { messageId: sent.messageId };
    },
    close: () => transport.close(),
  };
}
