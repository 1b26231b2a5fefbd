// A benchmark run's tables: printed as they are measured, and kept by section so that a full run can write them into
// docs/benchmarks.md (bench/doc-sections.ts). Every row is checked for figures that are not there: a cell reading
// NaN, Infinity or undefined is a measurement that broke, and the run's verdict says so.
import os from "node:os";
import pg from "pg";
import { writeSections } from "./doc-sections.ts";
import type { Verdict } from "./verdict.ts";

/** Text a number that is no figure turns into when it is written into a cell. */
const NO_FIGURE = /\b(NaN|undefined)\b|Infinity/;

export class ReportSection {
  readonly lines: string[] = [];

  constructor(
    readonly name: string,
    private readonly verdict: Verdict,
  ) {}

  /** A part's title, printed only: the document has its own headings. */
  title(text: string) {
    console.log(`\n## ${text}\n`);
  }

  /** A line of the section, printed and kept. */
  line(text = "") {
    console.log(text);
    this.lines.push(text);
  }

  /** Starts a table: prints its header and returns the function that writes (and checks) a row. */
  table(headers: string[]) {
    this.line(`| ${headers.join(" | ")} |`);
    this.line(`|${"---|".repeat(headers.length)}`);
    return (...cells: (string | number)[]) => {
      cells.forEach((cell, index) => {
        if (NO_FIGURE.test(String(cell))) this.verdict.figure(Number.NaN, `${this.name}: "${headers[index] ?? index}" of the row "${cells[0]}"`);
      });
      this.line(`| ${cells.join(" | ")} |`);
    };
  }
}

export class RunReport {
  private readonly sections: ReportSection[] = [];

  constructor(private readonly verdict: Verdict) {}

  /** The section of docs/benchmarks.md named `name` (its markers: `<!-- bench:NAME:begin -->` … `end`). */
  section(name: string) {
    const section = new ReportSection(name, this.verdict);
    this.sections.push(section);
    return section;
  }

  /**
   * Writes the kept sections of the parts named in `completed` into the document, each opened by `stamp` (when and
   * where it was measured, by which command). A part that threw has no complete tables: its section is left as it was.
   */
  writeInto(file: string, stamp: string, completed: (section: string) => boolean) {
    const written = new Map(this.sections.filter((section) => completed(section.name)).map((section) => [section.name, [stamp, "", ...section.lines].join("\n")]));
    writeSections(file, written);
    return [...written.keys()];
  }
}

/** When and on what a run measured: the line that opens each section it writes. */
export async function describeMachine(postgresUrl: string | undefined) {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+\d+-Core Processor|\s+Processor/, "").trim() ?? "unknown CPU";
  let postgres = "";
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{ server_version: string }>("show server_version");
      const host = new URL(postgresUrl).hostname;
      postgres = `, PostgreSQL ${rows[0]?.server_version.split(" ")[0]}${["127.0.0.1", "localhost", "::1"].includes(host) ? " on the same machine" : ` on ${host}`}`;
    } catch {
      postgres = ", PostgreSQL not reached";
    } finally {
      await client.end().catch(() => {});
    }
  }
  const [loadAverage] = os.loadavg();
  return `Node ${process.version}, ${cpus.length} cores (${model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB${postgres}; load average ${loadAverage?.toFixed(1)} at the start`;
}
