import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the
 * base64 part of a `whsec_` secret. Several secrets (during a rotation) give several signatures,
 * space-separated; a receiver accepts any one it can verify.
 */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}
