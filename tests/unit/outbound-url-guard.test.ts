import { describe, expect, it } from 'vitest';
import { isInternalAddress, urlRefusal } from '../../server/integrations/http/outbound';

describe('addresses Spar never calls (webhooks, ATS callbacks)', () => {
  const internal = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::5', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'ff02::1'];
  const external = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
  for (const ip of internal) it(`refuses ${ip}`, () => expect(isInternalAddress(ip)).toBe(true));
  for (const ip of external) it(`allows ${ip}`, () => expect(isInternalAddress(ip)).toBe(false));

  it('refuses URLs by scheme, credentials and literal internal hosts unless private addresses are allowed', () => {
    expect(urlRefusal('https://hooks.example.com/x', false)).toBeNull();
    expect(urlRefusal('http://hooks.example.com/x', false)).toMatch(/https/);
    expect(urlRefusal('ftp://hooks.example.com/x', true)).toMatch(/https/);
    expect(urlRefusal('https://user:pw@hooks.example.com/x', false)).toMatch(/credentials/);
    expect(urlRefusal('https://127.0.0.1/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://[::1]/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://localhost:8080/x', false)).toMatch(/internal/);
    expect(urlRefusal('http://127.0.0.1:9000/x', true)).toBeNull();
    expect(urlRefusal('not a url', true)).toMatch(/not a URL/);
  });
});
