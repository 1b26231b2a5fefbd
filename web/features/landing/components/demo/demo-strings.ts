// The demo's strings live in their own file (locales/en/demo.json) so they load with the demo, not with the page.
import { addStrings } from "@/web/lib/i18n";
import strings from "@/web/locales/en/demo.json";

// Deep-merged under "demo": nothing else in the bundle changes.
addStrings({ demo: strings });
