// Writes a .br (brotli, best quality) and a .gz (gzip -9) next to each compressible file of the built
// client, so the server sends compressed bytes without compressing per request (@fastify/static
// `preCompressed`). A compressed copy no smaller than the file is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.webmanifest',
  '.map',
  '.wasm',
  '.xml',
  '.ico',
]);
/** Below this a compressed copy saves less than its extra request work costs. */
const MIN_BYTES = 1024;

/** Compresses every file under `dir`; returns what it wrote. */
export function precompressDir(dir) {
  const written = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      const info = statSync(file);
      if (info.isDirectory()) walk(file);
      else if (COMPRESSIBLE.has(path.extname(name)) && info.size >= MIN_BYTES) {
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        const entry = { file, raw: raw.length, br: null, gz: null };
        if (br.length < raw.length) {
          writeFileSync(`${file}.br`, br);
          entry.br = br.length;
        }
        if (gz.length < raw.length) {
          writeFileSync(`${file}.gz`, gz);
          entry.gz = gz.length;
        }
        written.push(entry);
      }
    }
  };
  walk(dir);
  return written;
}
