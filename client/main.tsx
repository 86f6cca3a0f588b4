import './styles/mantine-first.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// the first screen is drawn once its language's texts are in (a failed load still renders: keys show)
void i18nReady.then(render, render);

// usage telemetry (spec §7): its SDK is loaded only when the server has a collector to send to
void fetch('/api/v1/telemetry/config')
  .then((r) => (r.ok ? (r.json() as Promise<{ enabled: boolean }>) : null))
  .then(async (config) => {
    if (!config?.enabled) return;
    const { startTelemetry } = await import('./lib/telemetry');
    startTelemetry(config as Parameters<typeof startTelemetry>[0]);
  })
  .catch(() => undefined);
