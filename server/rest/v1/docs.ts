import type { AppDeps } from '../../deps';
import { sendJson } from '../../http/respond';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi';
import { renderApiReference } from '../openapi-page';
import type { RestRoute } from './route';

/**
 * GET /api/v1/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (the same as a page), both
 * public. Written once per server from `routes()`, every route it answers (these two included).
 */
export function documentationRoutes(routes: () => RestRoute[]): RestRoute[] {
  let doc: Promise<OpenApiDocument> | undefined;
  let page: string | undefined;
  const documentOf = (deps: AppDeps) =>
    (doc ??= buildOpenApiDocument(routes(), { version: deps.version, publicUrl: deps.env.PUBLIC_URL }));
  return [
    {
      method: 'GET',
      path: '/api/v1/openapi.json',
      handler: async ({ deps, res }) => sendJson(res, 200, await documentOf(deps), { 'Cache-Control': 'no-cache' }),
    },
    {
      method: 'GET',
      path: '/api/docs',
      handler: async ({ deps, res }) => {
        page ??= renderApiReference(await documentOf(deps));
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(page);
      },
    },
  ];
}
