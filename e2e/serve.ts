// The server the e2e tests run against: the built app on a fresh data directory, sending real e-mail to an SMTP
// server started here. The tests read that mail through a small mailbox endpoint (the browser tests run in
// another process): GET /next?to=ADDRESS&subject=TEXT answers with the first matching mail, waiting for it.
import fs from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/start-server.ts";
import { startMailCatcher } from "../server/test/mail-catcher.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-e2e-"));
const mail = await startMailCatcher();
const config = loadConfig({ ...process.env, PORT: process.env.E2E_PORT ?? "3100", DATA_DIR: dataDir, SMTP_URL: mail.url, LOG_LEVEL: "warn", TRUST_PROXY: "loopback" });
const server = await startServer(config, { webDir: path.resolve("dist/web") });

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://mailbox");
  const to = url.searchParams.get("to") ?? "";
  const subject = url.searchParams.get("subject") ?? "";
  mail
    .waitFor(to, (message) => message.subject.includes(subject))
    .then((message) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message)))
    .catch((error: Error) => response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: error.message })));
});
mailbox.listen(Number(process.env.E2E_MAILBOX_PORT ?? 3101), "127.0.0.1");
console.log(`e2e server ready on ${server.url}`);

const stop = async () => {
  mailbox.close();
  await server.stop();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
