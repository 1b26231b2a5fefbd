// A real SMTP server inside the test process: Holdup sends to it through nodemailer, tests wait for what arrives.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** `messageId`: the Message-ID header; `headers`: every header, lower-case names (List-Unsubscribe, say). */
export type CaughtMail = { to: string; replyTo: string; subject: string; text: string; html: string; messageId: string; headers: Record<string, string> };

export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            const headers = Object.fromEntries([...parsed.headerLines].map((line) => [line.key, line.line.slice(line.line.indexOf(":") + 1).trim()]));
            const mail = { to: recipient.address.toLowerCase(), replyTo: parsed.replyTo?.value[0]?.address ?? "", subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "", messageId: parsed.messageId ?? "", headers };
            mails.push(mail);
            for (const waiter of waiters.filter((w) => w.match(mail))) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  // A client that goes away mid-conversation (a server killed by the crash test) is its own business: smtp-server
  // reports it as an 'error' event, which unheard would end this process.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the first mail (already arrived or still to come) to this address that matches; fails after the timeout. */
    waitFor(to: string, match: (mail: CaughtMail) => boolean = () => true, timeoutMs = 10_000): Promise<CaughtMail> {
      const wanted = (mail: CaughtMail) => mail.to === to.toLowerCase() && match(mail);
      const arrived = mails.find(wanted);
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms; got: ${mails.map((m) => `${m.to} "${m.subject}"`).join(", ") || "none"}`)), timeoutMs);
        waiters.push({ match: wanted, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    /** While on, every recipient is refused with a 550, as a broken relay or a full mailbox would: sending fails. */
    refuseRecipients(on: boolean) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The six-digit code or the first link of a mail. */
export const codeIn = (mail: CaughtMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
export const linkIn = (mail: CaughtMail) => /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? "";
