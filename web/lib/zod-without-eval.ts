// Imported first by the app's entry (web/main.tsx) and, on the public site, by the support form (the only page that
// validates: the landing page does not load zod at all). zod 4 compiles fast object parsers with
// `new Function` after probing whether eval is allowed; under our Content-Security-Policy (no 'unsafe-eval', decision
// 016) the probe fails quietly but is still reported as a policy violation on every page that validates a form.
// `jitless` skips both the probe and the compiled parsers: forms are far too small for that speed to matter.
import { z } from "zod";

z.config({ jitless: true });
