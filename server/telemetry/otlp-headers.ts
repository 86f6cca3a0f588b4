/** `key=value,key2=value2` (the OpenTelemetry spec's OTEL_EXPORTER_OTLP_HEADERS form), values percent-decoded. */
export function otlpHeaders(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const i = pair.indexOf('=');
    if (i <= 0) continue;
    try {
      out[pair.slice(0, i).trim()] = decodeURIComponent(pair.slice(i + 1).trim());
    } catch {
      out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
    }
  }
  return out;
}
