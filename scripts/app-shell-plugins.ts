// Vite plugins for the signed-in app's index.html: inline scripts that start, from the address alone, what the page
// will need while the app's entry is still loading. Without them the page's code and the session are asked for only
// once the entry has arrived and run: on a phone network, seconds before a signed-in page can be drawn.
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { earlyRequestsScript } from "../web/lib/early-requests.ts";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Address patterns (`/blockers/:id`) and the page module each loads; `frame` is loaded by all of them. */
export type RoutePreloads = { frame: string; pages: Record<string, string> };

function chunkOf(bundle: OutputBundle, moduleFile: string): OutputChunk {
  const id = path.resolve(moduleFile);
  const chunk = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.facadeModuleId === id);
  // A module that no longer exists (or is no longer lazy) must not silently drop its preloads.
  if (!chunk) throw new Error(`route-preloads: no chunk is built from ${moduleFile}; update the table in vite.config.ts`);
  return chunk;
}

/** A chunk's file and every file it imports statically, depth-first. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === "chunk") filesOf(bundle, next, into);
  }
  return into;
}

/**
 * The session, then the profile (and, on the dashboard, its answer), asked for by the page itself (web/lib/early-requests.ts).
 * Marked, so a page the server draws with its data already in it (server/http/signed-in-pages.ts) leaves it out.
 */
export function earlyRequests(): Plugin {
  return {
    name: "holdup:early-requests",
    transformIndexHtml: (html, context) => (path.basename(context.filename) === "index.html" ? html.replace("<!--early-requests-->", `<!--early-requests--><script>${earlyRequestsScript}</script><!--/early-requests-->`) : html),
  };
}

/**
 * The page's code (the signed-in frame and the page, every file they import), asked for by the address: without
 * it, one more round trip and the entry's whole download and start-up before the page's files begin.
 */
export function routePreloads({ frame, pages }: RoutePreloads): Plugin {
  return {
    name: "holdup:route-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || path.basename(context.filename) !== "index.html") return html;
        const entry = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.isEntry && output.facadeModuleId === context.filename);
        // What the entry already preloads through its own <link rel="modulepreload"> tags.
        const inEntry = entry ? filesOf(bundle, entry) : new Set<string>();
        const files: string[] = [];
        const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        const frameFiles = [...filesOf(bundle, chunkOf(bundle, frame))].filter((file) => !inEntry.has(file));
        const routes = Object.entries(pages).map(([pattern, page]) => {
          const pageFiles = [...filesOf(bundle, chunkOf(bundle, page))].filter((file) => !inEntry.has(file));
          const source = `^${pattern.replace(/:[^/]+/g, "[^/]+")}/?$`;
          return [source, [...new Set([...frameFiles, ...pageFiles])].map(indexOf)] as const;
        });
        const script = `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname;for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){for(var j=0;j<r[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href="/"+f[r[i][1][j]];document.head.appendChild(l)}break}})();`;
        // First in the head: an inline script after the stylesheet would wait for it to load before running.
        return { html, tags: [{ tag: "script", children: script, injectTo: "head-prepend" }] };
      },
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null };

/**
 * Whether some module that imports `id` — directly or through others, statically (and, with `dynamic`, by
 * import() too) — is one of `roots`. Answers are kept per module for the build's one chunking pass.
 */
function importedFrom(graph: ModuleGraph, id: string, roots: Set<string>, dynamic: boolean, known: Map<string, boolean>): boolean {
  const pending = [id];
  const seen = new Set(pending);
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (roots.has(current) || known.get(current)) {
      known.set(id, true);
      return true;
    }
    const info = graph.getModuleInfo(current);
    for (const importer of [...(info?.importers ?? []), ...(dynamic ? (info?.dynamicImporters ?? []) : [])]) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      pending.push(importer);
    }
  }
  known.set(id, false);
  return false;
}

/**
 * The name of a chunk-splitting group (vite.config.ts) that puts in one file every module the signed-in app's entry
 * and frame import statically — the code every signed-in page runs before it can draw — except those the public
 * site uses (they would bring the app's code onto its pages). Split by module, the dashboard asked for ~70 files: on
 * a phone network each costs a round trip, six at a time, before the page is drawn (bench:web, docs/benchmarks.md).
 */
export function signedInShell({ entry, frame, site }: { entry: string; frame: string; site: string }) {
  const entryId = path.resolve(entry);
  const shellRoots = new Set([entryId, path.resolve(frame)]);
  const siteRoots = new Set([path.resolve(site)]);
  const inShell = new Map<string, boolean>();
  const onSite = new Map<string, boolean>();
  // The entry stays a chunk of its own: the document loads it by name, and what it imports is preloaded.
  return (id: string, graph: ModuleGraph) =>
    id !== entryId && importedFrom(graph, id, shellRoots, false, inShell) && !importedFrom(graph, id, siteRoots, true, onSite) ? "signed-in" : null;
}
