// What a benchmark run concludes from its figures, the same way for `npm run bench`, `bench:soak` and `bench:web`.
// A full run holds every target exactly; a quick run lets a miss within QUICK_TOLERANCE pass as a near miss; a smoke
// run judges no value at all — it fails only when a benchmark broke: it threw, or a figure it should have measured is
// missing, not a number, or counted nothing (decision 046).

export type RunKind = "full" | "quick" | "smoke";

/** The run kind the flags ask for: `--smoke` and `--quick` together make no sense, so smoke wins (the shorter). */
export const runKindOf = (flags: { quick?: boolean; smoke?: boolean }): RunKind => (flags.smoke ? "smoke" : flags.quick ? "quick" : "full");

/**
 * A quick run (shorter rounds, smaller data, by hand) fails a target only when it is missed by more than half again:
 * its figures scatter more than a full run's (decision 036).
 */
const QUICK_TOLERANCE = 1.5;

/**
 * - `failing`: the run fails (in a smoke run: printed, unjudged);
 * - `near`: within the noise its caller knows of (a quick run's tolerance, a public page's score within a few
 *   points): printed, not failing;
 * - `open`: a target of an issue still open, printed as not met yet until it is met.
 */
export type MissKind = "failing" | "near" | "open";

const isFigure = (value: number) => Number.isFinite(value);

export class Verdict {
  private readonly failures: string[] = [];
  private readonly nearMisses: string[] = [];
  private readonly openTargets: string[] = [];
  /** Targets a smoke run missed: its figures come from seconds of load on the smallest data, so no value is judged. */
  private readonly unjudged: string[] = [];
  /** What broke: a benchmark that threw, a figure it did not produce. Fails every kind of run. */
  private readonly broken: string[] = [];

  constructor(readonly kind: RunKind) {}

  /** A target missed, as its caller judged it. */
  miss(what: string, kind: MissKind = "failing") {
    if (this.kind === "smoke") this.unjudged.push(what);
    else if (kind === "near") this.nearMisses.push(what);
    else if (kind === "open") this.openTargets.push(what);
    else this.failures.push(what);
  }

  /** `measured` must not exceed `target` (a time, a size, a share). False when the figure is missing. */
  atMost(measured: number, target: number, what: string, kind: MissKind = "failing") {
    if (!this.figure(measured, what)) return false;
    if (measured > target) this.miss(what, this.kind === "quick" && kind === "failing" && measured <= target * QUICK_TOLERANCE ? "near" : kind);
    return true;
  }

  /** `measured` must reach `target` (a rate, a ratio to a bare endpoint). False when the figure is missing. */
  atLeast(measured: number, target: number, what: string, kind: MissKind = "failing") {
    if (!this.figure(measured, what)) return false;
    if (measured < target) this.miss(what, this.kind === "quick" && kind === "failing" && measured >= target / QUICK_TOLERANCE ? "near" : kind);
    return true;
  }

  /** A figure the benchmark should have produced: a finite number. */
  figure(value: number, what: string) {
    if (isFigure(value)) return true;
    this.broken.push(`no figure for ${what} (${value})`);
    return false;
  }

  /** How many samples a measurement rests on: none means it measured nothing, whatever figure it printed. */
  counted(samples: number, what: string) {
    if (samples > 0) return true;
    this.broken.push(`${what}: no samples`);
    return false;
  }

  /** A benchmark that threw, or a script that exited with an error. */
  broke(what: string) {
    this.broken.push(what);
  }

  /** Prints what was missed and why the run passes or fails; true when it passes. */
  conclude(): boolean {
    const list = (title: string, items: string[], print: (text: string) => void = console.log) => {
      if (items.length > 0) print(`\n${title}\n${items.map((item) => `- ${item}`).join("\n")}`);
    };
    list("Targets not met yet (their issues are open: reported, not failing the run):", this.openTargets);
    list(`Near misses (within the noise of a ${this.kind === "quick" ? "quick run" : "shared machine"}; not failing the run):`, this.nearMisses);
    list("Targets missed in this smoke run (a smoke run checks that every benchmark runs and yields its figures; it does not judge their values):", this.unjudged);
    list("Targets missed:", this.failures, console.error);
    list("Broken (a benchmark failed or produced no figure):", this.broken, console.error);
    const passed = this.failures.length === 0 && this.broken.length === 0;
    if (passed) console.log(this.kind === "smoke" ? "\nSmoke run passed: every benchmark ran and produced its figures." : "\nAll targets met.");
    return passed;
  }
}
