// The legal pages' texts: Markdown in content/legal, compiled at build time.
import type { LegalDocumentMeta } from "@/common/content";

const documents = import.meta.glob<{ meta: LegalDocumentMeta; html: string }>("../../../content/legal/*.md");

export const legalDocumentFiles = { privacy: "privacy", terms: "terms", refundPolicy: "refund-policy" } as const;
export type LegalDocumentName = keyof typeof legalDocumentFiles;
export type LegalDocument = { meta: LegalDocumentMeta; html: string };

export async function loadLegalDocument(name: LegalDocumentName): Promise<LegalDocument | null> {
  const load = documents[`../../../content/legal/${legalDocumentFiles[name]}.md`];
  if (!load) return null;
  const { meta, html } = await load();
  return { meta, html };
}
