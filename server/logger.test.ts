// What reaches the log: one line per event whatever people typed into it, and errors as summaries that keep a
// failed statement's parameters out.
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statementKind } from "./error-summary.ts";
import { createLogger, oneLine, type LogLevel } from "./logger.ts";

const EVENT_START = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO|WARN|ERROR) /;

function capture(level: LogLevel = "debug") {
  const events: { level: string; text: string }[] = [];
  const logger = createLogger(level, (eventLevel, text) => events.push({ level: eventLevel, text }));
  return { logger, events, lines: () => events.flatMap((event) => event.text.split("\n")) };
}

/** An error as PostgreSQL reports it (the fields pg's DatabaseError and PGlite's error share). */
function databaseError(message: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(message), { severity: "ERROR", ...fields });
}

describe("the logger", () => {
  it("keeps a message on one line, whatever control characters it carries", () => {
    const { logger, events } = capture();
    logger.error("PATCH /api/x\n2030-01-01T00:00:00.000Z ERROR forged\r\u001b[31mred\u2028\u202Eevil failed");
    expect(events).toHaveLength(1);
    const text = events[0]?.text ?? "";
    for (const character of ["\n", "\r", "\u001b", "\u2028", "\u202E"]) expect(text).not.toContain(character);
    expect(text).toMatch(EVENT_START);
    expect(text).toContain("PATCH /api/x\\n2030-01-01T00:00:00.000Z ERROR forged\\r\\u001b[31mred\\u2028\\u202eevil failed");
  });

  it("writes only the events at or above its level, errors and warnings apart from the rest", () => {
    const { logger, events } = capture("warn");
    logger.debug("a");
    logger.info("b");
    logger.warn("c");
    logger.error("d");
    expect(events.map((event) => event.level)).toEqual(["warn", "error"]);
    const silent = capture("silent");
    silent.logger.error("e");
    expect(silent.events).toEqual([]);
  });

  it("logs a failed statement as which statement and the database's code and message, never its parameters or row", () => {
    const { logger, lines } = capture();
    const cause = databaseError('new row for relation "profiles" violates check constraint "profiles_name_check"', {
      code: "23514",
      table: "profiles",
      constraint: "profiles_name_check",
      detail: "Failing row contains (Ada Secret-Name).",
      params: ["Ada Secret-Name\n    at forged (frame.js:1:1)"],
    });
    logger.error("PATCH /api/profile failed", new DrizzleQueryError('update "profiles" set "full_name" = $1 where "profiles"."id" = $2', ["Ada Secret-Name\n    at forged (frame.js:1:1)", "id-1"], cause));
    const logged = lines();
    expect(logged[0]).toMatch(EVENT_START);
    expect(logged[0]).toContain('PATCH /api/profile failed: database statement update "profiles" failed: PostgreSQL 23514 (table profiles, constraint profiles_name_check)');
    expect(logged.join("\n")).not.toContain("Secret-Name");
    expect(logged.join("\n")).not.toContain("forged");
    expect(logged.slice(1).length).toBeGreaterThan(0); // where it was thrown is still there
    for (const line of logged.slice(1)) expect(line).toMatch(/^ {4}at /);
  });

  it("leaves out the value PostgreSQL quotes at the end of a message", () => {
    const { logger, lines } = capture();
    logger.error("failed", databaseError('invalid input syntax for type uuid: "my private note"', { code: "22P02" }));
    expect(lines()[0]).toContain('PostgreSQL 22P02: invalid input syntax for type uuid: "…"');
    expect(lines().join("\n")).not.toContain("private");
  });

  it("summarises other errors with their code and causes", () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error("Mail command failed", { cause: new TypeError("bad\nline") }), { code: "EENVELOPE" });
    logger.error("Nudge e-mail to ada@example.com\nforged failed", error);
    expect(lines()[0]).toContain("Nudge e-mail to ada@example.com\\nforged failed: Error [EENVELOPE]: Mail command failed; caused by TypeError: bad\\nline");
  });

  it("shows text given as detail as a block whose every line is marked as the event's", () => {
    const { logger, events, lines } = capture();
    logger.info("E-mail printed", "To: ada@example.com\nSubject: Hi\n\nLine one\n2030-01-01T00:00:00.000Z ERROR forged\rend");
    expect(events).toHaveLength(1);
    const [first, ...block] = lines();
    expect(first).toMatch(EVENT_START);
    expect(block).toEqual(["  | To: ada@example.com", "  | Subject: Hi", "  | ", "  | Line one", "  | 2030-01-01T00:00:00.000Z ERROR forged", "  | end"]);
  });

  it("shows any other detail on the event's line, shortened", () => {
    const { logger, lines } = capture();
    logger.warn("odd", { note: "a\nb", long: "x".repeat(1000) });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toContain('odd: {"note":"a\\nb","long":"xxx');
    expect(lines()[0]?.length).toBeLessThan(600);
  });
});

describe("a statement's kind", () => {
  it("names what the statement did and to which table, from its text only", () => {
    expect(statementKind('insert into "profiles" ("id", "full_name") values ($1, $2)')).toBe('insert into "profiles"');
    expect(statementKind('update "profiles" set "full_name" = $1')).toBe('update "profiles"');
    expect(statementKind('delete from "blockers" where "id" = $1')).toBe('delete from "blockers"');
    expect(statementKind('select "id" from "blockers" where "id" = $1')).toBe('select from "blockers"');
    expect(statementKind("select 1")).toBe("select");
  });
});

describe("oneLine", () => {
  it("writes control characters as escapes and leaves other text alone", () => {
    expect(oneLine("a\tb\nc\u0000d\u007fé ✓ \\n")).toBe("a\\tb\\nc\\u0000d\\u007fé ✓ \\n");
  });
});
