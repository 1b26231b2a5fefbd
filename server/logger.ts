// A tiny leveled logger: one line per event on stdout/stderr, no dependency needed for that.
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, detail?: unknown) => void>;

const order: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export function createLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel) => order.indexOf(wanted) >= order.indexOf(level);
  const write = (wanted: Exclude<LogLevel, "silent">) => (message: string, detail?: unknown) => {
    if (!enabled(wanted)) return;
    const line = `${new Date().toISOString()} ${wanted.toUpperCase()} ${message}`;
    const stream = wanted === "error" || wanted === "warn" ? console.error : console.log;
    if (detail === undefined) stream(line);
    else stream(line, detail);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
