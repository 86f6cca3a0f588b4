// Bundles the server into dist/server/index.mjs; node_modules stay external.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';

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
writeFileSync('dist/.build-stamp', new Date().toISOString());
