// The generated parts of a document (docs/benchmarks.md, docs/testing.md). Each lies between
// `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->` and is rewritten whole by the script that measures it (a
// full bench run with --write-docs, npm run test:timings); everything outside the markers is written by hand and kept
// byte for byte.
import fs from "node:fs";

export const sectionMarkers = (name: string) => ({ begin: `<!-- bench:${name}:begin -->`, end: `<!-- bench:${name}:end -->` });

/** The positions of a marker in the document; each must be there exactly once. */
function onlyPlace(document: string, marker: string): number {
  const first = document.indexOf(marker);
  if (first === -1) throw new Error(`the document has no ${marker}: add the section's markers where its figures belong`);
  if (document.indexOf(marker, first + marker.length) !== -1) throw new Error(`the document has ${marker} more than once`);
  return first;
}

/** `document` with section `name`'s content replaced by `content` (sliced in, so `$&` and the like stay as written). */
export function replaceSection(document: string, name: string, content: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`"${name}" is not a section name (lower-case words joined by hyphens)`);
  const { begin, end } = sectionMarkers(name);
  const from = onlyPlace(document, begin) + begin.length;
  const to = onlyPlace(document, end);
  if (to < from) throw new Error(`the document has ${end} before ${begin}`);
  return `${document.slice(0, from)}\n${content.trim()}\n${document.slice(to)}`;
}

/** Section `name`'s content as the document has it now. */
export function sectionContent(document: string, name: string): string {
  const { begin, end } = sectionMarkers(name);
  return document.slice(onlyPlace(document, begin) + begin.length, onlyPlace(document, end)).trim();
}

/** Rewrites the given sections of the file in one write; every section is checked before anything is written. */
export function writeSections(file: string, sections: ReadonlyMap<string, string>) {
  let document = fs.readFileSync(file, "utf8");
  for (const [name, content] of sections) document = replaceSection(document, name, content);
  fs.writeFileSync(file, document);
}
