import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../server/integrations/webhooks/sign';
import { newWebhookSecret } from '../../server/services/webhooks/endpoints';

/** Spar's signatures, checked by the maintained Standard Webhooks library acting as the receiver. */
describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({
    type: 'assessment.completed',
    timestamp: '2026-11-23T10:00:00.000Z',
    data: { assessment_id: 'a1', score: 72.5, note: 'ünïcødé ✓' },
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('verify with the secret they were made with, and the payload comes back intact', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = webhookHeaders({ secrets: [secret], id: 'msg_abc123', timestamp: now(), body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail with another secret, another body, another id or an old timestamp', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ secrets: [secret], id: 'msg_abc123', timestamp: now(), body });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('72.5', '99'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
    const old = webhookHeaders({ secrets: [secret], id: 'msg_abc123', timestamp: now() - 3600, body });
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });

  it('during a rotation carry two signatures: the old secret and the new one both verify', () => {
    const [fresh, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders({ secrets: [fresh, previous], id: 'msg_rot', timestamp: now(), body });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
