import './styles/mantine-first.css';
import '@mantine/notifications/styles.css';
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

// usage telemetry (spec §7): its SDK is loaded only when the server has a collector to send to
const telemetry = fetch('/api/v1/telemetry/config')
  .then((r) => (r.ok ? (r.json() as Promise<TelemetryConfig>) : null))
  .then(async (config) => {
    if (!config?.enabled) return;
    const { startTelemetry } = await import('./lib/telemetry');
    startTelemetry(config);
  })
  .catch(() => undefined);
/** A config request that hangs must not keep the app from drawing. */
const TELEMETRY_WAIT_MS = 5000;

// The first screen is drawn once its language's texts are in (a failed load still renders: keys
// show) and telemetry, when on, has started: the click instrumentation wraps addEventListener, and
// React adds its delegated listeners to the root once, in createRoot. The config request runs
// alongside the texts', so with telemetry off the first screen waits for nothing more.
void Promise.all([i18nReady.catch(() => undefined), Promise.race([telemetry, new Promise((r) => setTimeout(r, TELEMETRY_WAIT_MS))])]).then(render);
