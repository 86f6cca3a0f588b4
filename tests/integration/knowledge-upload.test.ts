import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, knowledgeChunks, knowledgeFiles } from '../../db/schema';
import { createSimulation } from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import { searchKnowledge } from '../../server/ai/knowledge';
import type { RunningApp } from '../../server/app';
import { createSession, SESSION_COOKIE } from '../../server/auth/session';
import { MAX_FILE_BYTES } from '../../server/contracts/knowledge';
import { startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rows, rowById } from '../helpers/db';
import { createTwoTenants } from '../helpers/factories';
import { FIXTURE_SENTENCES as S } from '../fixtures/knowledge/sentences';

const FIXTURES = path.resolve('tests/fixtures/knowledge');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const database = useTestDatabase();
let app: RunningApp;
let tenantA: string;
let tenantB: string;
let simA: string;
let simB: string;
let adminA: UserRow;
let tokens: Record<'adminA' | 'managerA' | 'repA' | 'managerB' | 'superuser', string>;

const newSimulation = (tenantId: string, name: string) =>
  withTenant(database.db, tenantId, async (tx) => (await createSimulation(tx, { tenantId, name })).id);

/** Every stored knowledge file of every tenant (bypassing RLS). */
const allFiles = () =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx
      .select({
        id: knowledgeFiles.id,
        tenantId: knowledgeFiles.tenantId,
        simulationId: knowledgeFiles.simulationId,
        name: knowledgeFiles.name,
        sizeBytes: knowledgeFiles.sizeBytes,
      })
      .from(knowledgeFiles),
  );
const allChunkCount = async () =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(knowledgeChunks),
    )
  )[0].n;
const storedRow = (id: string) => rowById(database.db, knowledgeFiles, id);

interface UploadOptions {
  token?: string;
  name?: string;
  type?: string;
  query?: string;
  headers?: Record<string, string>;
}

/** Uploads like the client does: raw bytes, X-File-Name percent-encoded, Bearer session. */
function upload(simulationId: string, body: Buffer, opts: UploadOptions = {}) {
  const headers: Record<string, string> = { 'Content-Type': opts.type ?? 'application/octet-stream', ...opts.headers };
  if (opts.name !== undefined) headers['X-File-Name'] = encodeURIComponent(opts.name);
  headers.Authorization = `Bearer ${opts.token ?? tokens.adminA}`;
  return fetch(`${app.url}/api/v1/simulations/${simulationId}/files${opts.query ?? ''}`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
}

/**
 * Speaks HTTP over a raw socket, so a test can send what fetch refuses to (a body longer than
 * its Content-Length). Resolves with everything the server answered before closing.
 */
function rawRequest(head: string, body: Buffer): Promise<string> {
  const url = new URL(app.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {}); // a reset after the server's answer is expected
    socket.on('close', () => resolve(answer));
    socket.write(head);
    socket.write(body, () => socket.end());
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const jsonOf = (answer: string) => {
  const bodyText = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  // chunked: "<hex>\r\n{json}\r\n0\r\n\r\n"
  const start = bodyText.indexOf('{');
  return JSON.parse(bodyText.slice(start, bodyText.lastIndexOf('}') + 1)) as {
    error: { code: string; message: string; details?: unknown };
  };
};

const text = (n: number) => {
  const line = 'Fleet dispatch notes: trucks, routes and depots. ';
  return Buffer.from(line.repeat(Math.ceil(n / line.length)).slice(0, n), 'utf8');
};

beforeAll(async () => {
  const { a, b, users, superuser } = await createTwoTenants(database.db, {
    a: {
      adminA: { userType: 'admin', displayName: 'Ada Admin' },
      managerA: { userType: 'manager' },
      repA: { userType: 'sales_rep' },
    },
    b: { managerB: { userType: 'manager' } },
  });
  tenantA = a.id;
  tenantB = b.id;
  adminA = users.adminA;
  const token = async (u: UserRow) => (await createSession(database.db, u.id)).token;
  tokens = {
    adminA: await token(adminA),
    managerA: await token(users.managerA),
    repA: await token(users.repA),
    managerB: await token(users.managerB),
    superuser: await token(superuser),
  };
  simA = await newSimulation(tenantA, 'Discovery A');
  simB = await newSimulation(tenantB, 'Discovery B');
  app = await startTestApp(database);
});
afterAll(() => closeAll(app));
beforeEach(async () => {
  await asSystem(database.db, { action: 'test.reset' }, (tx) => tx.delete(knowledgeFiles));
});

describe('size limit (5 MB, enforced while streaming)', () => {
  it('accepts exactly 5 MB', async () => {
    const res = await upload(simA, text(MAX_FILE_BYTES), { name: 'exactly-5mb.txt', type: 'text/plain' });
    expect(res.status, await res.clone().text()).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({
      name: 'exactly-5mb.txt',
      sizeBytes: MAX_FILE_BYTES,
      status: 'ready',
      enabled: true,
      owner: 'Ada Admin',
      mimeType: 'text/plain',
    });
    expect(file.chunkCount).toBeGreaterThan(3000);
    expect(file).not.toHaveProperty('content');
    expect(file).not.toHaveProperty('textContent');
    const row = await storedRow(file.id);
    expect(row.content.length).toBe(MAX_FILE_BYTES);
    expect(row.tenantId).toBe(tenantA);
  }, 90_000); // 5 MB through extraction and chunking: seconds alone, far longer on a loaded machine

  it('refuses 5 MB + 1 byte with 413, the size and the maximum, and stores nothing', async () => {
    const res = await upload(simA, text(MAX_FILE_BYTES + 1), { name: 'too-big.txt', type: 'text/plain' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'File too large: 5,242,881 bytes (maximum 5 MB)',
        details: { sizeBytes: MAX_FILE_BYTES + 1, maxBytes: MAX_FILE_BYTES },
      },
    });
    expect(await allFiles()).toEqual([]);
    expect(await allChunkCount()).toBe(0);
  });

  it('names a 6 MB file "6.0 MB"', async () => {
    const res = await upload(simA, text(6 * 1024 * 1024), { name: 'six.txt' });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe('File too large: 6.0 MB (maximum 5 MB)');
    expect(await allFiles()).toEqual([]);
  });

  it('counts the bytes of a chunked body with no Content-Length and stops at the limit', async () => {
    const body = text(6 * 1024 * 1024);
    const head =
      `POST /api/v1/simulations/${simA}/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.adminA}\r\n` +
      `X-File-Name: chunked.txt\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // several HTTP chunks, as a streaming client sends them
    const parts: Buffer[] = [];
    for (let i = 0; i < body.length; i += 256 * 1024) {
      const piece = body.subarray(i, i + 256 * 1024);
      parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from('0\r\n\r\n'));
    const answer = await rawRequest(head, Buffer.concat(parts));
    expect(statusOf(answer)).toBe(413);
    expect(jsonOf(answer).error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File too large: more than 5 MB (maximum 5 MB)',
      details: { sizeBytes: null, maxBytes: MAX_FILE_BYTES },
    });
    expect(await allFiles()).toEqual([]);
  });

  it('a lying Content-Length (100 declared, 6 MB sent) never gets more than 100 bytes in, and stores nothing', async () => {
    // HTTP/1.1 frames the body by Content-Length: the server reads 100 bytes as the body and the
    // rest as a malformed next request, answers 400 and closes. The upload is dropped because
    // the connection broke before it could be answered.
    const head =
      `POST /api/v1/simulations/${simA}/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.adminA}\r\n` +
      `X-File-Name: liar.txt\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n`;
    const answer = await rawRequest(head, text(6 * 1024 * 1024));
    expect(statusOf(answer)).not.toBe(201);
    expect([400, 413]).toContain(statusOf(answer));
    expect(await allFiles()).toEqual([]);
  });
});

describe('file types', () => {
  it('refuses a PNG renamed .pdf with 415 and the unsupported-file-type message', async () => {
    const res = await upload(simA, fixture('image.png'), { name: 'brochure.pdf', type: 'application/pdf' });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Unsupported file type. Upload a PDF, DOCX, TXT or Markdown file.',
    });
    expect(await allFiles()).toEqual([]);
  });

  it('refuses other extensions before reading the body, whatever the Content-Type says', async () => {
    for (const name of ['setup.exe', 'photo.png', 'notes.doc', 'noextension']) {
      const res = await upload(simA, Buffer.from('plain text'), { name, type: 'text/plain' });
      expect(res.status, name).toBe(415);
      expect((await res.json()).error.code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    // binary renamed .txt, and a zip that is not a Word document renamed .docx
    expect((await upload(simA, fixture('image.png'), { name: 'x.txt' })).status).toBe(415);
    expect((await upload(simA, fixture('objection-handling.docx').subarray(0, 200), { name: 'x.docx' })).status).toBe(
      415,
    );
    expect(await allFiles()).toEqual([]);
  });

  it('requires a file name and refuses an empty file', async () => {
    const noName = await upload(simA, Buffer.from('hello'));
    expect(noName.status).toBe(400);
    expect((await noName.json()).error).toMatchObject({
      code: 'VALIDATION',
      details: { fieldErrors: { name: ['knowledge.validation.nameRequired'] } },
    });
    const empty = await upload(simA, Buffer.alloc(0), { name: 'empty.txt' });
    expect(empty.status).toBe(400);
    expect(await allFiles()).toEqual([]);
  });
});

describe('extraction and search', () => {
  const search = (q: string) => withTenant(database.db, tenantA, (tx) => searchKnowledge(tx, simA, q));
  const flat = (s: string) => s.replace(/\s+/g, ' ');

  it('extracts a real PDF, chunks it and makes it searchable with full-text search', async () => {
    const res = await upload(simA, fixture('product-sheet.pdf'), {
      name: 'product-sheet.pdf',
      type: 'application/pdf',
    });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({ status: 'ready', mimeType: 'application/pdf', chunkCount: 1 });
    const row = await storedRow(file.id);
    for (const sentence of [S.pdfPricing, S.pdfSecurity, S.pdfOnboarding])
      expect(flat(row.textContent)).toContain(sentence);
    const hits = await search('telemetry certificate');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ fileName: 'product-sheet.pdf', position: 0 });
    expect(hits[0].content).toContain(S.pdfSecurity);
    expect(hits[0].rank).toBeGreaterThan(0);
    // the generated tsvector column is filled too
    const fts = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from knowledge_chunks where tsv @@ plainto_tsquery('simple', 'dispatcher workshops')`,
    );
    expect(fts[0].n).toBe(1);
  });

  it('extracts a real DOCX', async () => {
    const res = await upload(simA, fixture('objection-handling.docx'), { name: 'objection-handling.docx' });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({
      status: 'ready',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const row = await storedRow(file.id);
    expect(row.textContent).toContain(S.docxBudget);
    expect(row.textContent).toContain(S.docxCompetitor);
    const hits = await search('Routemaster Lisbon');
    expect(hits[0].content).toContain(S.docxCompetitor);
  });

  it('decodes TXT (without its BOM) and keeps Markdown as written', async () => {
    const txt = await (await upload(simA, fixture('faq.txt'), { name: 'faq.txt' })).json();
    expect((await storedRow(txt.id)).textContent).toBe(`Frequently asked questions\n\n${S.txtSupport}`);
    const md = await (await upload(simA, fixture('playbook.md'), { name: 'playbook.markdown' })).json();
    expect(md).toMatchObject({ status: 'ready', mimeType: 'text/markdown', name: 'playbook.markdown' });
    expect((await storedRow(md.id)).textContent).toContain(`- ${S.mdDiscovery}`);
    expect((await search('maintenance backlog'))[0].fileName).toBe('playbook.markdown');
  });

  it('stores a PDF with no text as no_text, with no chunks', async () => {
    const res = await upload(simA, fixture('scanned.pdf'), { name: 'scanned.pdf' });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({ status: 'no_text', chunkCount: 0, enabled: true });
    const row = await storedRow(file.id);
    expect(row.textContent).toBe('');
    expect(row.content.equals(fixture('scanned.pdf'))).toBe(true);
  });

  it('sanitises the file name', async () => {
    const res = await upload(simA, Buffer.from('root:x:0:0'), { name: '../../etc/passwd.txt' });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe('passwd.txt');
    const odd = await upload(simA, Buffer.from('hello'), { name: 'C:\\temp\\Pre\u0007ços<Q3>.md' });
    expect((await odd.json()).name).toBe('PreçosQ3.md');
  });
});

describe('who may upload where', () => {
  it('needs a session (401) and an admin or manager role (sales_rep: 403)', async () => {
    const anonymous = await fetch(`${app.url}/api/v1/simulations/${simA}/files`, {
      method: 'POST',
      headers: { 'X-File-Name': 'a.txt' },
      body: 'hello',
    });
    expect(anonymous.status).toBe(401);
    const rep = await upload(simA, Buffer.from('hello'), { name: 'a.txt', token: tokens.repA });
    expect(rep.status).toBe(403);
    expect((await rep.json()).error.code).toBe('FORBIDDEN');
    const manager = await upload(simA, Buffer.from('hello'), { name: 'a.txt', token: tokens.managerA });
    expect(manager.status).toBe(201);
    expect((await allFiles()).map((f) => f.name)).toEqual(['a.txt']);
  });

  it("cannot upload to another tenant's simulation (404), which stays untouched", async () => {
    const res = await upload(simB, Buffer.from('hello'), { name: 'intruder.txt', token: tokens.adminA });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
    // nor by naming the other client
    const named = await upload(simB, Buffer.from('hello'), {
      name: 'intruder.txt',
      token: tokens.adminA,
      query: `?clientId=${tenantB}`,
    });
    expect(named.status).toBe(403);
    expect(await allFiles()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed simulation id and 405 for other methods', async () => {
    expect((await upload('00000000-0000-4000-8000-000000000000', Buffer.from('x'), { name: 'a.txt' })).status).toBe(
      404,
    );
    expect((await upload('not-a-uuid', Buffer.from('x'), { name: 'a.txt' })).status).toBe(404);
    const get = await fetch(`${app.url}/api/v1/simulations/${simA}/files`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it("a superuser uploads to a client's simulation with ?clientId=, audited", async () => {
    const res = await upload(simB, Buffer.from('Partner notes.'), {
      name: 'partner.txt',
      token: tokens.superuser,
      query: `?clientId=${tenantB}`,
    });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file.owner).toBeNull(); // the superuser is not a user of that client
    expect((await storedRow(file.id)).tenantId).toBe(tenantB);
    const audit = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'superuser.knowledge.upload')),
    );
    expect(audit.map((a) => a.detail)).toContain(file.id);
  });

  it('with the session cookie, refuses a cross-site request and accepts a same-origin one', async () => {
    const cookie = `${SESSION_COOKIE}=${tokens.managerB}`;
    const base = { method: 'POST', body: 'hello', headers: { Cookie: cookie, 'X-File-Name': 'cookie.txt' } };
    const cross = await fetch(`${app.url}/api/v1/simulations/${simB}/files`, {
      ...base,
      headers: { ...base.headers, Origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.code).toBe('CSRF');
    const same = await fetch(`${app.url}/api/v1/simulations/${simB}/files`, {
      ...base,
      headers: { ...base.headers, Origin: app.url },
    });
    expect(same.status).toBe(201);
    expect((await allFiles()).map((f) => [f.name, f.tenantId])).toEqual([['cookie.txt', tenantB]]);
  });
});
