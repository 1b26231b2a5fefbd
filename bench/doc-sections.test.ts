import { describe, expect, it } from "vitest";
import { replaceSection, sectionContent } from "./doc-sections.ts";

const document = [
  "# Benchmarks",
  "",
  "Hand-written narrative.",
  "",
  "<!-- bench:startup:begin -->",
  "| old | table |",
  "<!-- bench:startup:end -->",
  "",
  "History, by hand.",
  "",
  "<!-- bench:session:begin -->",
  "<!-- bench:session:end -->",
  "",
].join("\n");

describe("replaceSection", () => {
  it("replaces what lies between a section's markers and keeps the rest of the document byte for byte", () => {
    const written = replaceSection(document, "startup", "| new | table |\n|---|---|");
    expect(sectionContent(written, "startup")).toBe("| new | table |\n|---|---|");
    expect(written.replace(/<!-- bench:startup:begin -->[\s\S]*<!-- bench:startup:end -->/, "")).toBe(document.replace(/<!-- bench:startup:begin -->[\s\S]*<!-- bench:startup:end -->/, ""));
  });

  it("fills an empty section and leaves the others alone", () => {
    const written = replaceSection(document, "session", "figures");
    expect(sectionContent(written, "session")).toBe("figures");
    expect(sectionContent(written, "startup")).toBe("| old | table |");
  });

  it("gives the same document when the same content is written twice", () => {
    const once = replaceSection(document, "startup", "figures\n");
    expect(replaceSection(once, "startup", "figures\n")).toBe(once);
  });

  it("writes the content as given, even text that String.replace would read as a pattern", () => {
    const written = replaceSection(document, "startup", "cost $& and $1 and $$");
    expect(sectionContent(written, "startup")).toBe("cost $& and $1 and $$");
  });

  it("refuses a section the document has no markers for, naming the marker", () => {
    expect(() => replaceSection(document, "tray", "figures")).toThrow("<!-- bench:tray:begin -->");
  });

  it("refuses a document with a section's marker twice", () => {
    expect(() => replaceSection(`${document}\n<!-- bench:startup:end -->\n`, "startup", "figures")).toThrow("more than once");
  });

  it("refuses markers in the wrong order", () => {
    expect(() => replaceSection("<!-- bench:startup:end -->\n<!-- bench:startup:begin -->", "startup", "figures")).toThrow("before");
  });

  it("refuses a name that is not lower-case words joined by hyphens", () => {
    expect(() => replaceSection(document, "Start up", "figures")).toThrow("not a section name");
  });
});
