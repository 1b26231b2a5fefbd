// Pre-renders the public site after the browser build: every page becomes an HTML file under dist/web/pages
// (plus 404.html and sitemap.xml), the site.html shell filled with the page's markup and head. The server swaps
// the origin placeholder (common/site-origin.ts, read through the server build) for APP_URL when it loads them,
// since absolute URLs (canonical, Open Graph) are per install.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SITE_NAME = "Holdup";

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function headTags(pathname, head, status, origin) {
  const title = head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}`;
  const url = `${origin}${pathname}`;
  const meta = (attribute, key, content) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", head.description),
    ...(status === 200
      ? [`<link rel="canonical" href="${url}" />`, meta("property", "og:url", url)]
      : [meta("name", "robots", "noindex")]),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:image", `${origin}/og-image.png`),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("property", "og:image:alt", "Holdup: see who is waiting on whom"),
    meta("name", "twitter:card", "summary_large_image"),
  ];
  if (head.publishedTime) tags.push(meta("property", "article:published_time", head.publishedTime));
  if (head.author) tags.push(meta("property", "article:author", head.author));
  return tags.join("\n    ");
}

/** The file a page is kept in: / → index.html, /blog/a → blog/a.html. */
const pageFile = (pathname) => (pathname === "/" ? "index.html" : `${pathname.slice(1)}.html`);

/** A page's own module and every module it imports (URL paths), from Vite's build manifest. */
function pageModules(manifest, source) {
  const key = path.posix.normalize(path.posix.join("site", source));
  const files = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[key]) throw new Error(`The build manifest has no ${key}`);
  visit(key);
  return [...files].map((file) => `/${file}`);
}

/**
 * The page's code starts loading once its pre-rendered content has painted: on a slow phone network the text
 * shows first instead of sharing the line with ~120 kB of JavaScript, and hydration follows. Every module the
 * page needs is preloaded at that moment, in parallel, rather than discovered import by import.
 */
function paintFirstLoader(modules) {
  const [entry, ...preloads] = modules;
  return `<script type="module">
    const start = () => {
      for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
      import(${JSON.stringify(entry)});
    };
    requestAnimationFrame(() => setTimeout(start)); // after the first paint
  </script>`;
}

export async function prerenderSite({ webDir, serverEntry }) {
  const { renderSitePage, sitePathnames, ORIGIN_PLACEHOLDER } = await import(pathToFileURL(serverEntry).href);
  let shell = fs.readFileSync(path.join(webDir, "site.html"), "utf8");
  // The stylesheet is the one thing the first paint waits for: it goes first in the head, ahead of the scripts
  // and module preloads Vite put before it, so a slow connection fetches it before the JavaScript.
  const stylesheets = shell.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  for (const link of stylesheets) shell = shell.replace(link, "");
  shell = shell.replace("<!--site-head-->", `${stylesheets.map((link) => link.trim()).join("\n    ")}\n    <!--site-head-->`);
  // Vite's own script tag and preloads for the site entry give way to the paint-first loader.
  const siteModules = [];
  for (const tag of shell.match(/\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?/g) ?? []) {
    siteModules.push(/(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? "");
    shell = shell.replace(tag, "");
  }
  if (!siteModules[0]?.includes("/site-")) throw new Error("site.html has no site entry script where expected");
  const manifestFile = path.join(webDir, ".vite/manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  if (!shell.includes("<!--site-head-->") || !shell.includes("<!--site-body-->")) throw new Error("site.html lost its <!--site-head--> or <!--site-body--> marker");
  const pagesDir = path.join(webDir, "pages");
  fs.rmSync(pagesDir, { recursive: true, force: true });

  const write = (file, page) => {
    const modules = [...siteModules, ...pageModules(manifest, page.source).filter((module) => !siteModules.includes(module))];
    const html = shell
      .replace("<!--site-head-->", headTags(page.pathname, page.head, page.status, ORIGIN_PLACEHOLDER))
      .replace("<!--site-body-->", page.html)
      .replace("</body>", `  ${paintFirstLoader(modules)}\n  </body>`);
    fs.mkdirSync(path.dirname(path.join(pagesDir, file)), { recursive: true });
    fs.writeFileSync(path.join(pagesDir, file), html);
  };
  const pathnames = sitePathnames();
  for (const pathname of pathnames) {
    const page = await renderSitePage(pathname);
    if (page.status !== 200) throw new Error(`${pathname}: pre-rendering found no page`);
    write(pageFile(pathname), page);
  }
  write("404.html", await renderSitePage("/404"));
  fs.rmSync(path.join(webDir, "site.html")); // only its filled copies are served
  fs.rmSync(path.dirname(manifestFile), { recursive: true }); // a build detail, not for the web

  const urls = pathnames.map((pathname) => `  <url><loc>${ORIGIN_PLACEHOLDER}${pathname}</loc></url>`);
  fs.writeFileSync(path.join(pagesDir, "robots.txt"), `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${ORIGIN_PLACEHOLDER}/sitemap.xml\n`);
  fs.writeFileSync(path.join(pagesDir, "sitemap.xml"), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
  return pathnames;
}
