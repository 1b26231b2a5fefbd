// A mail server for the reminder benchmark, in a process of its own as a real one would be: it takes every message
// and counts it, without reading it. Started with fork(): it sends {port} once listening, and {received} when asked.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.server.address() as AddressInfo).port }));
process.on("message", (message) => {
  if (message === "count") process.send?.({ received });
  if (message === "stop") server.close(() => process.exit(0));
});
