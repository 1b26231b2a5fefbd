// A tiny leveled logger: one line per event on stdout/stderr (an error's stack frames and a block of text follow
// it, indented), no dependency needed for that. Messages carry what people typed (a request path, an e-mail
// address, a live event), so every line is made safe here, in one place: no control character reaches the log,
// and a newline cannot start a line that looks like an event of its own. An error is logged as its summary
// (server/error-summary.ts), never as the object, whose fields can hold a failed statement's parameters.
import { stackFrames, summariseError } from "./error-summary.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
type EventLevel = Exclude<LogLevel, "silent">;
/** `detail`: an error (summarised, with its stack frames), or text shown as an indented block (an e-mail printed
 * for a local install), or any other value, shown in one line. */
export type Logger = Record<EventLevel, (message: string, detail?: unknown) => void>;
/** Where a finished event goes: one or more lines, already safe to print. */
export type LogSink = (level: EventLevel, text: string) => void;

const order: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

const consoleSink: LogSink = (level, text) => (level === "error" || level === "warn" ? console.error(text) : console.log(text));

// C0 and C1 controls (newlines, carriage returns, terminal escapes), Unicode line and paragraph separators, and the
// bidirectional overrides that make text display in another order than it is written.
// oxlint-disable-next-line no-control-regex -- finding control characters is what this expression is for
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const readableEscapes: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The text on one line, its unsafe characters written as escapes (`\n`, `\u001b`). */
export function oneLine(text: string): string {
  return text.replace(unsafeCharacters, (character) => readableEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The most a value given as detail may add to a line: a request body or a payload is not for the log. */
const MAX_DETAIL_LENGTH = 500;
const shortened = (text: string) => (text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text);

function describeDetail(detail: unknown): { suffix: string; following: string[] } {
  if (detail instanceof Error) return { suffix: `: ${shortened(summariseError(detail))}`, following: stackFrames(detail).map((frame) => `    ${frame}`) };
  // Each line of a text block is marked as part of the event above it: it cannot pass for an event of its own.
  if (typeof detail === "string") return { suffix: "", following: detail.split(/\r\n|\r|\n/).map((line) => `  | ${line}`) };
  let text: string;
  try {
    text = JSON.stringify(detail) ?? String(detail);
  } catch {
    text = String(detail);
  }
  return { suffix: `: ${shortened(text)}`, following: [] };
}

export function createLogger(level: LogLevel, sink: LogSink = consoleSink): Logger {
  const enabled = (wanted: LogLevel) => order.indexOf(wanted) >= order.indexOf(level);
  const write = (wanted: EventLevel) => (message: string, detail?: unknown) => {
    if (!enabled(wanted)) return;
    const { suffix, following } = detail === undefined ? { suffix: "", following: [] } : describeDetail(detail);
    const lines = [`${new Date().toISOString()} ${wanted.toUpperCase()} ${message}${suffix}`, ...following];
    sink(wanted, lines.map(oneLine).join("\n"));
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
