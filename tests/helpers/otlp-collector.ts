import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One exported resource: its attributes (string values) and its spans, each scope's apart. */
export interface OtlpResourceSpans<Span> {
  resource: Record<string, string>;
  scopes: { scope: string | undefined; spans: Span[] }[];
}

export interface OtlpCollector {
  /** Where the server under test exports to (its OTEL_EXPORTER_OTLP_ENDPOINT). */
  origin: string;
  close(): Promise<void>;
}

/**
 * A loopback OTLP/HTTP receiver of JSON exports, as the server forwards them: every resource of every
 * export goes to `onExport`, and each export is answered 200 so the exporter does not retry.
 */
export async function startOtlpCollector<Span>(
  onExport: (resourceSpans: OtlpResourceSpans<Span>) => void,
): Promise<OtlpCollector> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const json = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { scope?: { name: string }; spans: Span[] }[];
        }[];
      };
      for (const rs of json.resourceSpans)
        onExport({
          resource: Object.fromEntries(rs.resource.attributes.map((a) => [a.key, a.value.stringValue ?? ''])),
          scopes: rs.scopeSpans.map((ss) => ({ scope: ss.scope?.name, spans: ss.spans })),
        });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
