import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";

// English is the language and the fallback; every string the interface shows lives in locales/en.json.
void i18next.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

export { i18next };
