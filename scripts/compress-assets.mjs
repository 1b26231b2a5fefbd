// Writes .br and .gz copies of the built text assets, so the server sends them compressed without compressing
// on every request (serveStatic's `precompressed` picks the copy the browser accepts).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|svg|json|xml|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (compressible.test(entry.name)) yield file;
  }
}

export async function compressAssets(webDir) {
  await Promise.all(
    [...files(webDir)].map(async (file) => {
      const content = fs.readFileSync(file);
      if (content.length < 1024) return; // not worth a second request path
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzip(content, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}
