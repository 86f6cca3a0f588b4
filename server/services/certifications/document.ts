import PDFDocument from 'pdfkit';
import type { Executor } from '../../../db/client';
import type { Language } from '../../contracts/languages';
import type { Translate } from '../../i18n';
import { certificateStatus, certificateFor, type CertViewer } from './certifications';
import { escapeHtml } from '../../mail/jobs';

/**
 * A certificate as a document to keep or print: an HTML page (inline styles, no script) or a PDF
 * (pdfkit, A4 landscape), in the reader's language. It names what the public verification shows:
 * the certification, the holder, the issuing organisation, the dates and the status.
 */
export interface CertificateDocument {
  certificationName: string;
  holderName: string;
  organisation: string;
  earned: string;
  expires: string | null;
  status: 'valid' | 'expired' | 'revoked';
}

export async function certificateDocument(
  tx: Executor,
  viewer: CertViewer,
  { certificateId, lng, now = new Date() }: { certificateId: string; lng: Language; now?: Date },
): Promise<CertificateDocument> {
  const c = await certificateFor(tx, viewer, certificateId);
  const date = (d: Date) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  return {
    certificationName: c.details.certificationName,
    holderName: c.details.holderName,
    organisation: c.details.organisation,
    earned: date(c.earnedAt),
    expires: c.expiresAt ? date(c.expiresAt) : null,
    status: certificateStatus(c, now),
  };
}

/** The sentences of the certificate, in order: title, holder, what was earned, who issued it, when. */
function lines(d: CertificateDocument, t: Translate) {
  return {
    title: t('certificate.title'),
    certifies: t('certificate.certifies'),
    holder: d.holderName,
    earned: t('certificate.earned', { certification: d.certificationName }),
    certification: d.certificationName,
    issued: t('certificate.issued', { organisation: d.organisation, date: d.earned }),
    validity: d.expires ? t('certificate.validUntil', { date: d.expires }) : t('certificate.noExpiry'),
    status: d.status === 'valid' ? null : t(`certificate.status.${d.status}`),
    verify: t('certificate.verify'),
  };
}

export function certificateFileName(d: CertificateDocument, ext: 'html' | 'pdf'): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .toLowerCase();
  return `certificate-${slug(d.certificationName) || 'spar'}-${slug(d.holderName) || 'holder'}.${ext}`;
}

export function renderCertificateHtml(d: CertificateDocument, lng: Language, t: Translate): string {
  const l = lines(d, t);
  const p = (text: string, style: string) => `<p style="${style}">${escapeHtml(text)}</p>`;
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><title>${escapeHtml(`${l.title}: ${d.certificationName}`)}</title>
<style>@page{size:A4 landscape;margin:16mm}body{font-family:Georgia,serif;color:#1a1b1e;margin:0;padding:24px}
.sheet{max-width:900px;margin:0 auto;border:6px double #364fc7;padding:48px 56px;text-align:center}
p{margin:0 0 16px;overflow-wrap:anywhere}</style></head><body><div class="sheet">
${p(l.title, 'font-size:40px;letter-spacing:2px;color:#364fc7;margin-bottom:32px')}
${p(l.certifies, 'font-size:18px')}
${p(l.holder, 'font-size:34px;font-weight:bold')}
${p(l.earned, 'font-size:18px')}
${p(l.issued, 'font-size:16px;margin-top:32px')}
${p(l.validity, 'font-size:16px')}
${l.status ? p(l.status, 'font-size:18px;font-weight:bold;color:#c92a2a') : ''}
${p(l.verify, 'font-size:12px;color:#666;margin-top:40px')}
</div></body></html>`;
}

/** The same certificate as a one-page PDF (A4 landscape), with the standard Helvetica fonts. */
export function renderCertificatePdf(d: CertificateDocument, t: Translate): Promise<Buffer> {
  const l = lines(d, t);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `${l.title}: ${d.certificationName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const { width, height } = doc.page;
  doc
    .lineWidth(4)
    .strokeColor('#364fc7')
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  const text = (s: string, size: number, font = 'Helvetica', color = '#1a1b1e', gap = 14) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(s, { align: 'center' })
      .moveDown(gap / size);
  doc.moveDown(2);
  text(l.title, 36, 'Helvetica-Bold', '#364fc7', 28);
  text(l.certifies, 16);
  text(l.holder, 30, 'Helvetica-Bold');
  text(l.earned, 16, 'Helvetica', '#1a1b1e', 28);
  text(l.issued, 14);
  text(l.validity, 14);
  if (l.status) text(l.status, 16, 'Helvetica-Bold', '#c92a2a');
  text(l.verify, 10, 'Helvetica', '#666666');
  doc.end();
  return done;
}
