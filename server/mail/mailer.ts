// Sends e-mail through SMTP, or prints it to the server log when SMTP_URL is unset,
// so that someone running Holdup locally with nothing configured can still read their code.
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        logger.info(`E-mail (no SMTP_URL set, so printed here instead of sent)\n  To: ${mail.to}\n  Subject: ${mail.subject}\n\n${mail.text}\n`);
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
