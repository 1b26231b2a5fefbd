// Desktop notifications for the tray (someone new waits on me, someone nudged me, an action failed): the desktop's
// own mechanism through node-notifier (notify-send on Linux, Notification Center on macOS, toasts on Windows).
// A desktop without one (a server, a CI runner) gets nothing shown and one line in the log, never a crash.
import type { TrayNotification } from "./tray-app.ts";

type NodeNotifier = { notify: (options: { title: string; message: string; open?: string; wait?: boolean; appID?: string }, callback?: (error: Error | null) => void) => void };

export function desktopNotifier(log: (message: string) => void) {
  let notifier: Promise<NodeNotifier | undefined> | undefined;
  let warned = false;
  const load = () =>
    (notifier ??= import("node-notifier").then(
      (module) => (module as unknown as { default: NodeNotifier }).default,
      () => undefined,
    ));
  return {
    notify(notification: TrayNotification) {
      void load().then((loaded) =>
        loaded?.notify({ title: notification.title, message: notification.body, open: notification.url, appID: "Holdup" }, (error) => {
          if (error && !warned) {
            warned = true;
            log(`desktop notifications are not available here (${error.message})`);
          }
        }),
      );
    },
  };
}
