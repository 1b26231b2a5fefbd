// The front matter of the site's Markdown content (content/blog, content/legal), checked when the site is built.
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-21");

export const blogPostFrontMatter = z.object({
  title: z.string().min(1).max(120),
  date: isoDate,
  summary: z.string().min(1).max(200),
  author: z.string().min(1).max(100),
});

export const legalDocumentFrontMatter = z.object({
  title: z.string().min(1).max(120),
  updated: isoDate,
  summary: z.string().min(1).max(200),
});

export type BlogPostMeta = z.infer<typeof blogPostFrontMatter> & { slug: string; readingMinutes: number };
export type LegalDocumentMeta = z.infer<typeof legalDocumentFrontMatter>;
