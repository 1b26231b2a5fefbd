// The signed-in app's strings (sign-in, onboarding, blockers, settings…), added to the site's when the app loads.
import { addStrings } from "@/web/lib/i18n";
import app from "../locales/en/app.json";

addStrings(app);
