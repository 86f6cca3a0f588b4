import './styles/mantine-first.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './lib/i18n';
import type { TelemetryConfig } from './lib/telemetry';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// Usage telemetry: its SDK is loaded only when the server has a collector to send to.
async function startTelemetry(config: TelemetryConfig | null) {
  if (!config?.enabled) return;
  const telemetry = await import('./lib/telemetry');
  telemetry.startTelemetry(config);
}

/** The config the server wrote into index.html (built client and dev server alike); undefined when there is none. */
function inlineTelemetryConfig(): TelemetryConfig | null | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="spar-telemetry"]');
  if (!meta) return undefined;
  try {
    return JSON.parse(meta.content) as TelemetryConfig;
  } catch {
    return null;
  }
}

/** A telemetry chunk that hangs must not keep the app from drawing. */
const TELEMETRY_WAIT_MS = 5000;
const texts = i18nReady.catch(() => undefined);
const inline = inlineTelemetryConfig();
if (inline !== undefined) {
  // The first screen is drawn once its language's texts are in (a failed load still renders: keys
  // show) and, when telemetry is on, once it has started: the click instrumentation wraps
  // addEventListener, and React adds its delegated listeners to the root once, in createRoot. With
  // telemetry off nothing more is waited for.
  const telemetry = startTelemetry(inline).catch(() => undefined);
  void Promise.all([
    texts,
    inline?.enabled ? Promise.race([telemetry, new Promise((r) => setTimeout(r, TELEMETRY_WAIT_MS))]) : null,
  ]).then(render);
} else {
  void texts.then(render);
  void fetch('/api/v1/telemetry/config')
    .then((r) => (r.ok ? (r.json() as Promise<TelemetryConfig>) : null))
    .then(startTelemetry)
    .catch(() => undefined);
}
