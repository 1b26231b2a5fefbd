// The interface's strings: English is the language and the fallback, and every string shown lives in
// locales/en/*.json. The public site's strings load with every page; the signed-in app's, the demo's and the other pages' are
// added when their code loads (addStrings), so a visitor of the landing page does not download the app's words.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import site from "../locales/en/site.json";

void i18next.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: site } },
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

/** Adds a part of the interface's strings (deep-merged, overwriting nothing that is there). */
export function addStrings(strings: Record<string, unknown>) {
  i18next.addResourceBundle("en", "translation", strings, true, false);
}

export { i18next };
