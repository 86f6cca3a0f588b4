import { describe, expect, it } from 'vitest';
import { isInternalAddress, urlRefusal } from '../../server/integrations/http/outbound';

describe('addresses Spar never calls (webhooks, ATS callbacks)', () => {
  const internal = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd00::1',
    'fc00::5',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'ff02::1',
    '64:ff9b:1::808:808',
    '2001:db8::1',
    'not an address',
  ];
  const external = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
  for (const ip of internal) it(`refuses ${ip}`, () => expect(isInternalAddress(ip)).toBe(true));
  for (const ip of external) it(`allows ${ip}`, () => expect(isInternalAddress(ip)).toBe(false));

  /** Every IPv6 form that carries an IPv4 address, written for one IPv4 address. */
  const hex = (v4: string) => {
    const [a, b, c, d] = v4.split('.').map(Number);
    return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const inverted = (v4: string) =>
    hex(
      v4
        .split('.')
        .map((o) => String(255 - Number(o)))
        .join('.'),
    );
  const forms: Record<string, (v4: string) => string> = {
    'IPv4-mapped (dotted)': (v4) => `::ffff:${v4}`,
    'IPv4-mapped (hex)': (v4) => `::ffff:${hex(v4).join(':')}`,
    'IPv4-translated': (v4) => `::ffff:0:${hex(v4).join(':')}`,
    'IPv4-compatible': (v4) => `::${hex(v4).join(':')}`,
    'NAT64 64:ff9b::/96': (v4) => `64:ff9b::${v4}`,
    '6to4': (v4) => `2002:${hex(v4).join(':')}::1`,
    'Teredo client': (v4) => `2001:0:4136:e378:8000:63bf:${inverted(v4).join(':')}`,
    'Teredo server': (v4) => `2001:0:${hex(v4).join(':')}:8000:63bf:3fff:fdd2`,
  };
  const privateV4 = {
    loopback: '127.0.0.1',
    '10/8': '10.20.30.40',
    '172.16/12': '172.20.1.1',
    '192.168/16': '192.168.0.10',
    '169.254/16 (cloud metadata)': '169.254.169.254',
    '100.64/10': '100.100.1.1',
    '0/8': '0.0.0.0',
  };
  for (const [form, write] of Object.entries(forms)) {
    for (const [range, v4] of Object.entries(privateV4))
      it(`refuses ${form} of ${range}: ${write(v4)}`, () => expect(isInternalAddress(write(v4))).toBe(true));
    // the deprecated IPv4-compatible form is judged the same way: a public address in it is allowed
    it(`allows ${form} of 8.8.8.8: ${write('8.8.8.8')}`, () => expect(isInternalAddress(write('8.8.8.8'))).toBe(false));
  }
  it('a literal embedding in a URL is refused too', () => {
    expect(urlRefusal('https://[2002:7f00:1::1]/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://[::7f00:1]/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://[64:ff9b::a9fe:a9fe]/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://[2002:808:808::1]/x', false)).toBeNull();
  });

  it('refuses URLs by scheme, credentials and literal internal hosts unless private addresses are allowed', () => {
    expect(urlRefusal('https://hooks.example.com/x', false)).toBeNull();
    expect(urlRefusal('http://hooks.example.com/x', false)).toMatch(/https/);
    expect(urlRefusal('ftp://hooks.example.com/x', true)).toMatch(/https/);
    expect(urlRefusal('javascript:alert(1)', true)).toMatch(/https/);
    expect(urlRefusal('https://user:pw@hooks.example.com/x', false)).toMatch(/credentials/);
    expect(urlRefusal('https://127.0.0.1/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://[::1]/x', false)).toMatch(/internal/);
    expect(urlRefusal('https://localhost:8080/x', false)).toMatch(/internal/);
    expect(urlRefusal('http://127.0.0.1:9000/x', true)).toBeNull();
    expect(urlRefusal('not a url', true)).toMatch(/not a URL/);
  });
});
