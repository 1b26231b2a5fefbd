// The extension's words (extension/locales.en.json), through i18next as in the web app: English, plurals included.
// Loaded once by each of its pages and by its service worker.
import i18next from "i18next";
import strings from "../locales.en.json";

void i18next.init({ lng: "en", fallbackLng: "en", resources: { en: { translation: strings } }, interpolation: { escapeValue: false }, initAsync: false });

export const t = i18next.t.bind(i18next);
export { i18next };
