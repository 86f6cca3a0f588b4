/**
 * The system Chromium as the e2e tests (playwright.config.ts) and the browser benchmarks launch it:
 * no sandbox or GPU (a container), and none of its own traffic (updates, sync) to disturb a timing.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** CHROMIUM with a fake microphone that plays `wav` and autoplay allowed (the call pages), plus `extra` switches. */
export function chromiumWithMicrophone(wav: string, extra: string[] = []) {
  return {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
      ...extra,
    ],
  };
}
