// Imported first by main.ts: V8 set for a program that sits still and draws a menu now and then, small over fast.
// Set here, at run time, rather than as node's flags: the packaged executable (a Node 20 single-executable
// application) takes no flags. Each is read by V8 whenever it decides, not only as it starts (docs/benchmarks.md,
// "The tray", has what each saved after 200 changes):
// - JavaScript is interpreted only, never compiled to machine code: compiling what runs often buys a tray nothing,
//   and the optimizing compiler's work (on V8's own threads, in memory malloc keeps afterwards) grew the tray by
//   10 MB at rest. Not `--jitless`, which V8 takes only before it starts: set later, it aborts the process at the
//   first WebAssembly module (Node's fetch compiles one).
// - The young generation keeps its first size: V8 doubles it whenever enough objects have outlived a collection
//   since it last grew, which a long-running process always reaches in the end, and never gives the room back
//   (28 MB more, drawing the icon's menu).
import v8 from "node:v8";

const V8_SETTINGS = ["--no-opt", "--no-sparkplug", "--no-maglev", "--semi-space-growth-factor=1"];
for (const flag of V8_SETTINGS) v8.setFlagsFromString(flag);
