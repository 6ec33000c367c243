import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FileMailTransport, type OutgoingMail } from './mail-transport';

const mail = (id: string): OutgoingMail => ({
  id,
  kind: 'order_confirmation',
  from: 'Bakery <orders@bakery.local>',
  to: 'cafe@example.com',
  subject: `Order ${id}`,
  html: '<p>Thanks</p>',
  text: 'Thanks',
  createdAt: new Date('2026-11-25T10:00:00.000Z'),
});

describe('FileMailTransport', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mail-transport-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes each mail whole as <time>-<kind>-<id>.eml in a folder it makes, and makes it again if it went away', async () => {
    const dir = path.join(root, 'data', 'mail');
    const transport = new FileMailTransport(dir);
    await transport.send(mail('11111111-1111-4111-8111-111111111111'));
    expect(await readdir(dir)).toEqual(['20261125T100000Z-order_confirmation-11111111-1111-4111-8111-111111111111.eml']);
    await rm(path.join(root, 'data'), { recursive: true });
    await transport.send(mail('22222222-2222-4222-8222-222222222222'));
    const files = await readdir(dir);
    expect(files).toEqual(['20261125T100000Z-order_confirmation-22222222-2222-4222-8222-222222222222.eml']);
    const text = await readFile(path.join(dir, files[0]), 'utf8');
    expect(text).toContain('Subject: Order 22222222-2222-4222-8222-222222222222');
    expect(text).toContain('Message-ID: <22222222-2222-4222-8222-222222222222@bakery.local>');
    transport.close();
  });
});
