// Whose reading the app writes its dates for (issue #28): the person's own time zone — their profile's, not the
// browser's, so the page the server renders and the one the browser draws say the same — and the locale the page was
// first rendered for (the browser's first language otherwise).
import type { Reader } from "@/common/moments";

let reader: Reader = {};
let source = () => reader;

/** The reader of the page being drawn. */
export const currentReader = (): Reader => source();

/** Sets the reader (in the browser: once the person, and the page's first locale, are known). */
export function setReader(next: Reader) {
  reader = next;
}

/** On the server, where renders run side by side, each render's own reader (web/app/server-render.tsx keeps it). */
export function readReaderFrom(next: () => Reader) {
  source = next;
}
