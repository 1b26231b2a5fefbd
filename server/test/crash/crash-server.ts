// The Holdup server the crash test kills and restarts: `npm start`'s server on the PostgreSQL and SMTP server the test
// names (DATABASE_URL, SMTP_URL), sending due reminders as a real server does (every minute, and once at start),
// with e-mail retries a second apart so the run ends in minutes, not hours.
import { loadConfig } from "../../config.ts";
import { startServer } from "../../start-server.ts";

const config = loadConfig(process.env);
const server = await startServer(config, { scheduleReminders: true, emailRetries: { retryLimit: 20, retryDelay: 1, retryBackoff: false } });
console.log(`crash-test server ready on ${server.url}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
