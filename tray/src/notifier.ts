// Desktop notifications for the tray (someone new waits on me, someone nudged me, an action failed): the desktop's
// own mechanism — notify-send on Linux, run directly; Notification Center on macOS and toasts on Windows through
// node-notifier. A desktop without one (a server, a CI runner) gets nothing shown and one line in the log, never a crash.
// On Linux node-notifier would only run notify-send through a shell, and loading it took 3.5 MB of the tray's
// memory (docs/benchmarks.md, "The tray").
import { execFile } from "node:child_process";
import type { TrayNotification } from "./tray-app.ts";

type NodeNotifier = { notify: (options: { title: string; message: string; open?: string; wait?: boolean; appID?: string }, callback?: (error: Error | null) => void) => void };

/** How long a notification stays on screen where the desktop lets the sender say (node-notifier's default). */
const SHOWN_MS = 10_000;

export function desktopNotifier(log: (message: string) => void) {
  let notifier: Promise<NodeNotifier | undefined> | undefined;
  let warned = false;
  const failed = (error: Error | null) => {
    if (error && !warned) {
      warned = true;
      log(`desktop notifications are not available here (${error.message.trim()})`);
    }
  };
  const load = () =>
    (notifier ??= import("node-notifier").then(
      (module) => (module as unknown as { default: NodeNotifier }).default,
      () => undefined,
    ));
  return {
    notify(notification: TrayNotification) {
      if (process.platform === "linux") {
        execFile("notify-send", ["--app-name=Holdup", `--expire-time=${SHOWN_MS}`, "--", notification.title, notification.body], failed);
        return;
      }
      void load().then((loaded) => loaded?.notify({ title: notification.title, message: notification.body, open: notification.url, appID: "Holdup" }, failed));
    },
  };
}
