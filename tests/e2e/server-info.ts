import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where global-setup leaves what the tests need to reach the server it started. */
export const E2E_TMP = path.resolve('tests/.tmp/e2e');
export const SERVER_INFO_FILE = path.join(E2E_TMP, 'server.json');
export const storageFile = (key: string) => path.join(E2E_TMP, 'storage', `${key}.json`);

/** Known password of every seeded demo account in the e2e server. */
export const E2E_DEMO_PASSWORD = 'e2e-Demo-pass-42';
export const E2E_SUPPORT_EMAIL = 'support@e2e.test';
/** Envelope sender of the e2e server's mail (MAIL_FROM). */
export const E2E_MAIL_FROM_ADDRESS = 'no-reply@e2e.test';

export interface ServerInfo {
  baseURL: string;
  pid: number;
  dataDir: string;
  /** Where the loopback SMTP receiver stores each mail the server sends (tests/e2e/mail.ts reads it). */
  mailDir: string;
}

export function serverInfo(): ServerInfo {
  return JSON.parse(readFileSync(SERVER_INFO_FILE, 'utf8')) as ServerInfo;
}
