// What a log may say about an error: its kind, code and message, and for a failed database statement which
// statement it was. Never the statement's parameters or the row it failed on: those hold what people typed
// (drizzle's DrizzleQueryError puts the parameters in its message, PGlite's and pg's errors carry them, or the
// row, in `params` and `detail`). The logger (server/logger.ts) makes whatever this returns safe to print.
import { DrizzleQueryError } from "drizzle-orm";

/** The fields PostgreSQL reports with an error (pg's DatabaseError and PGlite's error have the same ones). */
type DatabaseError = Error & { code: string; severity: string; table?: string; column?: string; constraint?: string };

const isDatabaseError = (error: unknown): error is DatabaseError =>
  error instanceof Error && typeof (error as Partial<DatabaseError>).code === "string" && typeof (error as Partial<DatabaseError>).severity === "string";

/** `insert into "profiles"`, `select from "blockers"`: what the statement did and to which table, from its text. */
export function statementKind(query: string): string {
  const verb = /^\s*(select|insert\s+into|update|delete\s+from|with|[a-z]+)\b/i.exec(query)?.[1]?.toLowerCase().replace(/\s+/g, " ") ?? "statement";
  const table = /\b(?:into|update|from)\s+("[^"]+"|[a-z_][\w.]*)/i.exec(query)?.[1];
  if (!table) return verb;
  return verb.endsWith(" into") || verb.endsWith(" from") || verb === "update" ? `${verb} ${table}` : `${verb} from ${table}`;
}

// PostgreSQL quotes the value it refused at the end of some messages: `invalid input syntax for type uuid: "…"`.
const quotedValueAtEnd = /: "[\s\S]*"$/;

function describeDatabaseError(error: DatabaseError): string {
  const where = [error.table && `table ${error.table}`, error.column && `column ${error.column}`, error.constraint && `constraint ${error.constraint}`].filter(Boolean);
  const message = error.message.replace(quotedValueAtEnd, ': "…"');
  return `PostgreSQL ${error.code}${where.length > 0 ? ` (${where.join(", ")})` : ""}: ${message}`;
}

const MAX_CAUSES = 3;

/** One line on an error and its causes, without anything a person typed into a database statement. */
export function summariseError(error: unknown, depth = 0): string {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause === undefined ? "" : `: ${summariseError(error.cause, depth + 1)}`;
    return `database statement ${statementKind(error.query)} failed${cause}`;
  }
  if (isDatabaseError(error)) return describeDatabaseError(error);
  if (!(error instanceof Error)) return `thrown ${typeof error}: ${String(error)}`;
  const { code } = error as Error & { code?: unknown };
  const codeText = typeof code === "string" ? ` [${code}]` : "";
  const cause = error.cause !== undefined && depth < MAX_CAUSES ? `; caused by ${summariseError(error.cause, depth + 1)}` : "";
  return `${error.name}${codeText}: ${error.message}${cause}`;
}

/**
 * Where the error was thrown: the "at …" lines of its stack. The stack starts with the error's message, which for
 * a failed statement holds its parameters (and could even hold lines that look like "at …"): that part is cut
 * off by its known text, and when the stack does not start with it no frame is given at all.
 */
export function stackFrames(error: Error): string[] {
  const stack = error.stack ?? "";
  const heading = String(error);
  if (!stack.startsWith(heading)) return [];
  return stack
    .slice(heading.length)
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
}
