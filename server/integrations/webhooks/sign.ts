import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing with the specification's reference library: `v1,<base64 HMAC-SHA256
 * of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret. Several secrets
 * (during a rotation) give several signatures, space-separated; a receiver accepts any one it can
 * verify.
 */
function signature(secret: string, id: string, timestamp: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
}

export function webhookHeaders({
  secrets,
  id,
  timestamp,
  body,
}: {
  secrets: string[];
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}
