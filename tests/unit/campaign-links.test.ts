import { describe, expect, it } from 'vitest';
import {
  isBookingMessage,
  parseEntries,
  schedulerFrameSrc,
  schedulerOrigins,
  schedulerUrl,
} from '../../server/contracts/campaigns';

describe('the generate form’s entries', () => {
  it('reads "email, first name" per line (comma, semicolon or tab), lower-cases addresses, skips blank lines', () => {
    const p = parseEntries(
      'Ana@Example.com, Ana\n\n  bo@example.com;Bo  \ncy@example.com\tCy Lee\ndee@example.com\r\n',
    );
    expect(p.entries).toEqual([
      { line: 1, email: 'ana@example.com', firstName: 'Ana' },
      { line: 3, email: 'bo@example.com', firstName: 'Bo' },
      { line: 4, email: 'cy@example.com', firstName: 'Cy Lee' },
      { line: 5, email: 'dee@example.com', firstName: '' },
    ]);
    expect(p.lines).toBe(4);
  });

  it('counts invalid addresses and repeats by line, keeping the first of each address', () => {
    const p = parseEntries('a@x.test, A\nnot an email, B\nA@X.test, A again\n@x.test\nb@x.test');
    expect(p.entries.map((e) => e.email)).toEqual(['a@x.test', 'b@x.test']);
    expect(p.invalid).toEqual([2, 4]);
    expect(p.duplicates).toEqual([3]);
  });
});

describe('the Book-a-Call scheduler', () => {
  it('embeds https pages (and http only on loopback), never with credentials', () => {
    expect(schedulerUrl('https://cal.com/acme/demo')?.origin).toBe('https://cal.com');
    expect(schedulerUrl('http://127.0.0.1:4000/acme/demo')?.origin).toBe('http://127.0.0.1:4000');
    expect(schedulerUrl('http://cal.example.com/acme')).toBeNull();
    expect(schedulerUrl('javascript:alert(1)')).toBeNull();
    expect(schedulerUrl('https://user:pw@cal.com/x')).toBeNull();
    expect(schedulerUrl('not a url')).toBeNull();
  });

  it('frames only the configured origins (Cal.com’s hosted pages also from app.cal.com)', () => {
    expect(schedulerOrigins('calcom', 'https://cal.com/acme/demo')).toEqual(['https://cal.com', 'https://app.cal.com']);
    expect(schedulerOrigins('calcom', 'https://book.acme.test/demo')).toEqual(['https://book.acme.test']);
    expect(schedulerOrigins('calendly', 'https://calendly.com/acme/30min')).toEqual(['https://calendly.com']);
    expect(schedulerOrigins('none', 'https://calendly.com/acme/30min')).toEqual([]);
  });

  it.each([
    {
      kind: 'calcom' as const,
      link: 'https://cal.com/acme/demo',
      guest: { name: 'Ana Ruiz', email: 'ana@x.test' },
      page: '/acme/demo/embed',
      params: { embed: '', embedType: 'inline', name: 'Ana Ruiz', email: 'ana@x.test' },
    },
    {
      kind: 'calendly' as const,
      link: 'https://calendly.com/acme/30min?month=2026-12',
      guest: { name: '', email: 'bo@x.test' },
      page: '/acme/30min',
      params: { month: '2026-12', embed_domain: 'spar.test', embed_type: 'Inline', email: 'bo@x.test' },
    },
  ])(
    'prefills the guest: Cal.com’s inline embed page, Calendly’s inline widget page ($kind)',
    ({ kind, link, guest, page, params }) => {
      const src = new URL(schedulerFrameSrc(kind, link, guest, 'spar.test')!);
      expect(src.pathname).toBe(page);
      expect(Object.fromEntries(src.searchParams)).toEqual(params);
    },
  );

  it('counts a booking only from the scheduler’s origin and in its own message shape', () => {
    const cal = ['https://cal.com', 'https://app.cal.com'];
    expect(
      isBookingMessage('calcom', cal, 'https://app.cal.com', {
        originator: 'CAL',
        type: 'bookingSuccessfulV2',
        data: {},
      }),
    ).toBe(true);
    expect(
      isBookingMessage(
        'calcom',
        cal,
        'https://cal.com',
        JSON.stringify({ originator: 'CAL', type: 'bookingSuccessful' }),
      ),
    ).toBe(true);
    expect(isBookingMessage('calcom', cal, 'https://evil.test', { originator: 'CAL', type: 'bookingSuccessful' })).toBe(
      false,
    );
    expect(isBookingMessage('calcom', cal, 'https://cal.com', { originator: 'CAL', type: '__dimensionChanged' })).toBe(
      false,
    );
    expect(
      isBookingMessage('calendly', ['https://calendly.com'], 'https://calendly.com', {
        event: 'calendly.event_scheduled',
        payload: {},
      }),
    ).toBe(true);
    expect(
      isBookingMessage('calendly', ['https://calendly.com'], 'https://calendly.com', {
        event: 'calendly.date_and_time_selected',
      }),
    ).toBe(false);
    expect(
      isBookingMessage('calendly', ['https://calendly.com'], 'https://cal.com', { event: 'calendly.event_scheduled' }),
    ).toBe(false);
    expect(isBookingMessage('calendly', ['https://calendly.com'], 'https://calendly.com', 'not json')).toBe(false);
  });
});
