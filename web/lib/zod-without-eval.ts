// zod, as the web build gives it to every module that imports "zod" (vite.config.ts aliases it here): configured
// before any schema exists, so no entry has to load zod first just to configure it (it stays out of the pages that
// never validate). zod 4 compiles fast object parsers with `new Function` after probing whether eval is allowed;
// under our Content-Security-Policy (no 'unsafe-eval', decision 016) the probe fails quietly but is still reported as
// a policy violation on every page that validates a form. `jitless` skips both the probe and the compiled parsers:
// forms are far too small for that speed to matter.
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
