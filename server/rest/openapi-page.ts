import { escapeHtml as e } from '../services/reports/html';
import type { oas31 } from 'zod-openapi';
import type { OpenApiDocument } from './openapi';

type Operation = oas31.OperationObject;
type Response = oas31.ResponseObject;
/** What the page reads of a parameter or security scheme (the document writes no references for them). */
type Parameter = oas31.ParameterObject;
type Scheme = oas31.SecuritySchemeObject;

/**
 * The API reference page (/api/docs), rendered on the server from the OpenAPI document: no script
 * and nothing fetched from elsewhere (the CSP of server/http/server.ts allows neither),
 * styles inline. Every text of the document is escaped. English, like the document.
 */

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;color:#1f2933;margin:0;background:#f7f8fa}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h1 small{font-size:14px;color:#52606d;font-weight:normal}
h2{margin-top:40px;border-bottom:1px solid #d9dee3;padding-bottom:4px}
article{background:#fff;border:1px solid #d9dee3;border-radius:6px;padding:12px 16px;margin:12px 0}
h3{margin:0 0 4px;font-size:16px}
code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f0f2f5;padding:8px;border-radius:4px;overflow:auto}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{text-align:left;border-bottom:1px solid #eceff2;padding:4px 6px;vertical-align:top}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px;margin-right:6px}
.get{background:#2f6f9f}.post{background:#2f8a4c}.put{background:#a86b14}.patch{background:#7a4fa3}.delete{background:#b23a3a}
.muted{color:#52606d}nav>ul{columns:2}nav li{break-inside:avoid}
`;

/** Escaped prose; `backticked` spans become code. */
const prose = (value: unknown) => e(value).replace(/`([^`]+)`/g, '<code>$1</code>');

const MEDIA_SCHEMA = (content: oas31.ContentObject | undefined) =>
  Object.entries(content ?? {})
    .map(([type, m]) => `<div><code>${e(type)}</code>${m.schema ? schemaBlock(m.schema) : ''}</div>`)
    .join('');

const schemaBlock = (schema: unknown) =>
  `<details><summary>Schema</summary><pre>${e(JSON.stringify(schema, null, 2))}</pre></details>`;

function resolve(doc: OpenApiDocument, r: Response | oas31.ReferenceObject): Response {
  if ('$ref' in r)
    return (
      (doc.components?.responses?.[r.$ref.split('/').pop() ?? ''] as Response | undefined) ?? { description: r.$ref }
    );
  return r;
}

function authText(op: Operation): string {
  if (!op.security?.length) return 'none (public)';
  const ways = op.security.map((req) => Object.keys(req).join(' + ') || 'none');
  return ways.map((w) => (w === 'none' ? 'optional' : w)).join(' or ');
}

function operationHtml(doc: OpenApiDocument, path: string, method: string, op: Operation): string {
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th><th>Description</th></tr>${(
        op.parameters as Parameter[]
      )
        .map(
          (p) =>
            `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${e(JSON.stringify(p.schema))}</code></td><td>${prose(p.description)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const requestBody = op.requestBody as oas31.RequestBodyObject | undefined;
  const body = requestBody
    ? `<h4>Request body</h4>${requestBody.description ? `<p>${prose(requestBody.description)}</p>` : ''}${MEDIA_SCHEMA(requestBody.content)}`
    : '';
  const responses = Object.entries(op.responses as Record<string, Response | oas31.ReferenceObject>)
    .map(([status, r]) => {
      const res = resolve(doc, r);
      const headers = Object.keys(res.headers ?? {}).length
        ? `<div class="muted">Headers: ${Object.keys(res.headers ?? {})
            .map((h) => `<code>${e(h)}</code>`)
            .join(', ')}</div>`
        : '';
      return `<tr><td><code>${e(status)}</code></td><td>${prose(res.description)}${headers}${MEDIA_SCHEMA(res.content)}</td></tr>`;
    })
    .join('');
  return `<article id="${e(op.operationId)}">
<h3><span class="method ${e(method)}">${e(method.toUpperCase())}</span><code>${e(path)}</code></h3>
<p>${prose(op.summary)}</p>${op.description ? `<p class="muted">${prose(op.description)}</p>` : ''}
<p class="muted">Authentication: ${e(authText(op))}</p>
${params}${body}<h4>Responses</h4><table><tr><th>Status</th><th>Answer</th></tr>${responses}</table>
</article>`;
}

export function renderApiReference(doc: OpenApiDocument): string {
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, byMethod]) =>
    (Object.entries(byMethod ?? {}) as [string, Operation][]).map(([method, op]) => ({ path, method, op })),
  );
  const byTag = (doc.tags ?? [])
    .map((t) => ({ tag: t.name, ops: ops.filter((o) => o.op.tags?.[0] === t.name) }))
    .filter((g) => g.ops.length);
  const nav = byTag
    .map(
      (g) =>
        `<li>${e(g.tag)}<ul>${g.ops.map((o) => `<li><a href="#${e(o.op.operationId)}">${e(o.method.toUpperCase())} ${e(o.path)}</a></li>`).join('')}</ul></li>`,
    )
    .join('');
  const schemes = (Object.entries(doc.components?.securitySchemes ?? {}) as [string, Scheme][])
    .map(
      ([name, s]) =>
        `<tr><td><code>${e(name)}</code></td><td>${e([s.type, s.scheme, s.in, s.name].filter(Boolean).join(', '))}</td><td>${prose(s.description)}</td></tr>`,
    )
    .join('');
  const errorRows = (Object.entries(doc.components?.responses ?? {}) as [string, Response][])
    .map(([name, r]) => `<tr><td><code>${e(name.replace(/^E/, ''))}</code></td><td>${prose(r.description)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${e(doc.info.title)} <small>version ${e(doc.info.version)}, OpenAPI ${e(doc.openapi)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Server: <code>${e((doc.servers ?? []).map((s) => s.url).join(', '))}</code></p>
<nav><h2>Endpoints</h2><ul>${nav}</ul></nav>
<h2>Authentication</h2><table><tr><th>Scheme</th><th>Kind</th><th>Description</th></tr>${schemes}</table>
<h2>Errors</h2><div>Every error has this body: ${schemaBlock(doc.components?.schemas?.Error)}</div><table><tr><th>Status</th><th>Meaning</th></tr>${errorRows}</table>
${byTag.map((g) => `<h2>${e(g.tag)}</h2>${g.ops.map((o) => operationHtml(doc, o.path, o.method, o.op)).join('\n')}`).join('\n')}
</main></body></html>
`;
}
