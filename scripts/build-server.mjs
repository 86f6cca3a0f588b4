// Bundles the server into dist/server/index.mjs; node_modules stay external.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { precompressDir } from './lib/precompress.mjs';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// worker threads start from a file: the offline prospect's synthesiser (server/realtime/offline-voice/voice.ts)
mkdirSync('dist/server/offline-voice', { recursive: true });
copyFileSync('server/realtime/offline-voice/tts-worker.mjs', 'dist/server/offline-voice/tts-worker.mjs');
// the client's .br and .gz copies, served as they are (server/http/client.ts)
const compressed = precompressDir('dist/client');
const total = (k) => compressed.reduce((n, e) => n + (e[k] ?? e.raw), 0);
console.log(
  `precompressed ${compressed.length} client files: ${total('raw')} bytes, ${total('br')} brotli, ${total('gz')} gzip`,
);
writeFileSync('dist/.build-stamp', new Date().toISOString());
