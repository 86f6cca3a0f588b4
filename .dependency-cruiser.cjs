/**
 * The import rules of the tree, checked by dependency-cruiser (`scripts/check.sh`; the layering
 * is drawn in docs/architecture.md). Layers, lowest first; a layer imports only layers below it:
 *
 *   1  server/contracts                      zod contracts, shared with the client
 *   2  leaves: server/errors.ts, logger.ts, env.ts, i18n.ts, metrics/, telemetry/, security/,
 *      cache/, types/                        imported from anywhere, import only contracts
 *      db/ (schema, client, tenant …)        imports only contracts
 *   3  server/events, server/jobs, server/mail   the domain event emitter, the job queue and
 *                                            worker, the mail queue: they know no module above
 *   4  server/ai, server/auth, server/access
 *   5  server/evaluation, server/integrations
 *   6  server/services
 *   7  server/realtime
 *   8  server/demo-history                   the demo tenant's history job: scripted calls through
 *                                            the services and the offline prospect
 *   9  transport: server/trpc, routers, rest, http, deps.ts, security-notices.ts
 *  10  seed/ (top level)                     the demo tenant and the factories: rows written through
 *                                            db/ and the services; started by server/app.ts alone
 *  11  composition root: server/app.ts, index.ts, wiring.ts
 *
 * scripts/ and tests/ stand outside: they may import anything, and production code (server/,
 * client/) never imports them.
 */

const LEAVES = '^server/(errors|logger|env|i18n)\\.ts$|^server/(metrics|telemetry|security|cache|types)/';
const TRANSPORT = '^server/(trpc|routers|rest|http)/|^server/(deps|security-notices)\\.ts$';
const ROOT = '^server/(app|index|wiring)\\.ts$';
const DEMO_HISTORY = '^server/demo-history/';

// Inside the transport layer three folder pairs still import each other, with no loop of files:
// trpc/router.ts mounts the routers, which build on trpc/init.ts; http/server.ts mounts rest/ and
// trpc/, which answer through http/respond.ts and read http/request-meta.ts. They are one layer
// here; the HTTP layer's rewrite is where they come apart.

/** A layer may import none of `above`. */
const layer = (name, comment, from, above, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: above, ...extra },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Files that import each other, directly or round a loop: split the shared part into a file both import, or announce through server/events.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-seed-or-tests-in-production',
      comment:
        'Production code never imports the seed or the tests (the composition root, server/app.ts, seeds the demo on a first start).',
      severity: 'error',
      from: { path: '^(server|client)/', pathNot: ROOT },
      to: { path: '^(seed|tests)/' },
    },
    {
      name: 'root-seeds-only-the-demo',
      comment: 'The composition root may start the demo seed (seed/demo.ts), nothing else of seed/; never the tests.',
      severity: 'error',
      from: { path: ROOT },
      to: { path: '^tests/|^seed/(?!demo\\.ts$)' },
    },
    layer(
      'contracts-import-contracts',
      'A contract is shared by both ends: it imports only other contracts and libraries.',
      '^server/contracts/',
      '^(server/(?!contracts/)|db/|client/)',
    ),
    layer(
      'leaves-stay-leaves',
      'Cross-cutting leaves (errors, logging, env, i18n, metrics, tracing, sealing, caching) import only contracts, other leaves, the locale files and the span helper they share with db/.',
      LEAVES,
      `^server/(?!contracts/|(errors|logger|env|i18n)\\.ts$|(metrics|telemetry|security|cache|types)/)|^db/(?!spans\\.ts$)|^client/`,
    ),
    layer(
      'db-below-server',
      'The schema, client and tenant helpers import only contracts; the seed (seed/) sits above the services.',
      '^db/',
      '^server/(?!contracts/)|^client/|^seed/',
    ),
    layer(
      'infra-knows-no-module',
      'The event emitter, the job queue and worker and the mail queue know no module above them: handlers and subscribers are attached by server/wiring.ts.',
      '^server/(events|jobs|mail)/',
      `^server/(ai|auth|access|evaluation|integrations|services|realtime|demo-history)/|${TRANSPORT}|${ROOT}`,
    ),
    layer(
      'ai-auth-access-below-services',
      'Model access, sign-in primitives and tenant access sit below the services that use them.',
      '^server/(ai|auth|access)/',
      `^server/(evaluation|integrations|services|realtime|demo-history)/|${TRANSPORT}|${ROOT}`,
    ),
    layer(
      'evaluation-integrations-below-services',
      'The evaluation and the outside integrations are used by services and announce through server/events; they never import services.',
      '^server/(evaluation|integrations)/',
      `^server/(services|realtime|demo-history)/|${TRANSPORT}|${ROOT}`,
    ),
    layer(
      'services-below-realtime',
      'Services never import the call relay (it imports them) nor the transport.',
      '^server/services/',
      `^server/(realtime|demo-history)/|${TRANSPORT}|${ROOT}`,
    ),
    layer(
      'domain-below-transport',
      'The call relay imports no transport: it takes what it needs of the process as parameters.',
      '^server/realtime/',
      `${DEMO_HISTORY}|${TRANSPORT}|${ROOT}`,
    ),
    layer(
      'demo-history-below-transport',
      'The demo history is a job handler: the composition root registers it (server/wiring.ts); it imports no transport.',
      DEMO_HISTORY,
      `${TRANSPORT}|${ROOT}`,
    ),
    layer('transport-below-root', 'Transport is built by the composition root and never imports it.', TRANSPORT, ROOT),
    layer(
      'seed-below-root',
      'The seed writes its rows through db/ and the services; it never imports the transport, the composition root or the tests.',
      '^seed/',
      `${TRANSPORT}|${ROOT}|^tests/`,
    ),
    {
      name: 'client-imports-contracts-only',
      comment: 'The client sees the server only through server/contracts (ESLint says the same in the editor).',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/(?!contracts/|trpc/router\\.ts$)|^db/' },
    },
    {
      name: 'client-app-router-type-only',
      comment: 'The client may name the AppRouter type for tRPC, never import the router itself.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    // a second run reads unchanged files from here (under a second instead of several)
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    // type-only imports count: a loop of types is still a loop for a reader
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
