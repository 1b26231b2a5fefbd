// Vite plugins for the public site: Markdown content compiled to HTML at build time (the browser never gets a
// Markdown parser), and, under `npm run dev`, the public pages served from site.html as `npm start` serves them.
import path from "node:path";
import { marked } from "marked";
import type { Plugin } from "vite";
import YAML from "yaml";
import type { z } from "zod";
import { blogPostFrontMatter, legalDocumentFrontMatter } from "../common/content.ts";
import { paths } from "../common/paths.ts";
import { earlyPressesScript } from "../web/lib/early-presses.ts";
import { themeScript } from "../web/lib/theme-script.ts";

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const WORDS_READ_PER_MINUTE = 220;

function parseFrontMatter<T>(file: string, source: string, schema: z.ZodType<T>): { meta: T; body: string } {
  const match = frontMatterPattern.exec(source);
  if (!match) throw new Error(`${file}: starts with no front matter (--- title: … ---)`);
  const parsed = schema.safeParse(YAML.parse(match[1] ?? ""));
  if (!parsed.success) {
    throw new Error(`${file}: bad front matter: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  }
  return { meta: parsed.data, body: source.slice(match[0].length) };
}

/**
 * content/blog/<slug>.md and content/legal/<name>.md become modules exporting `meta` and `html`; with `?meta`
 * only `meta`, so the blog's list carries no post's text.
 */
export function markdownContent(): Plugin {
  return {
    name: "holdup:markdown-content",
    async transform(source, id) {
      const [filePath = "", query] = id.split("?");
      if (!filePath.endsWith(".md")) return null;
      const file = path.relative(process.cwd(), filePath);
      const folder = path.basename(path.dirname(filePath));
      let meta: object;
      let body: string;
      if (folder === "blog") {
        const parsed = parseFrontMatter(file, source, blogPostFrontMatter);
        body = parsed.body;
        const words = body.split(/\s+/).filter(Boolean).length;
        meta = { ...parsed.meta, slug: path.basename(filePath, ".md"), readingMinutes: Math.max(1, Math.round(words / WORDS_READ_PER_MINUTE)) };
      } else if (folder === "legal") {
        ({ meta, body } = parseFrontMatter(file, source, legalDocumentFrontMatter));
      } else {
        throw new Error(`${file}: Markdown is only read from content/blog and content/legal`);
      }
      if (query === "meta") return { code: `export const meta = ${JSON.stringify(meta)};\n`, map: null };
      const html = await marked.parse(body, { gfm: true });
      return { code: `export const meta = ${JSON.stringify(meta)};\nexport const html = ${JSON.stringify(html)};\n`, map: null };
    },
  };
}

const sitePathPattern = new RegExp(
  `^(${[paths.home, paths.blog, paths.privacy, paths.terms, paths.refundPolicy, paths.support].map((p) => p.replace(/[/-]/g, "\\$&")).join("|")}|\\/blog\\/[^/]+)$`,
);

/** `npm run dev`: the public pages come from site.html (rendered in the browser; `npm start` pre-renders them). */
export function sitePagesInDev(): Plugin {
  return {
    name: "holdup:site-pages-in-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? "/").split("?")[0] ?? "/";
        if (request.method === "GET" && sitePathPattern.test(pathname)) request.url = "/site.html";
        next();
      });
    },
  };
}

/**
 * Both HTML documents get the theme script inline (one source: web/lib/theme-script.ts), and with it the script that
 * remembers a press made before the page's code ran (web/lib/early-presses.ts). The server allows them by hash.
 */
export function inlineThemeScript(): Plugin {
  return {
    name: "holdup:inline-theme-script",
    transformIndexHtml: (html) => html.replace("<!--theme-script-->", `<script>${themeScript}\n${earlyPressesScript}</script>`),
  };
}
