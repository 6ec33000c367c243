import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { orderNumberOf } from '@bakery/contracts';
import { ApiClient, eventually, mapLimit } from '@bakery/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { FaultKit, sleep } from './fault-kit';

/**
 * kill -9 of a notifications instance while mail is going out (issue 20): still exactly one
 * confirmation per order, none twice. Two instances share the mail outbox; the one killed is in
 * the middle of SMTP DATA (its rows locked in open transactions), and the other instance and the
 * restarted one must send those mails, once.
 *
 * Why the check is strict: the one window in which a crash resends a mail (mail-worker.ts: the
 * server's 250 came, the row's update did not commit yet) is closed here on purpose. The test's
 * server holds every message it reads without answering (a "gate"), and the kill only comes once
 * every mail it answered 250 to is `sent` in the outbox: no accepted mail is uncommitted at the
 * kill. The killed instance's held mails never got their 250 and, as a real server does with a
 * message whose connection drops before its answer, the server drops them. So a duplicate here is
 * a real bug, not that window (whose resends would at least carry the same Message-ID: checked
 * too). The gate stays closed well under nodemailer's 30 s socket timeout, since a sender that gave
 * up before the late 250 would rightly send again.
 */
const ORDERS = 50;
const CUSTOMERS = 10;
/** the EHLO name of the instance that is killed (nodemailer takes `name` from SMTP_URL's query) */
const DOOMED = 'doomed.notifications';
const SURVIVOR = 'survivor.notifications';

interface Held {
  session: SMTPServerSession;
  mail: ParsedMail;
  answer: (err?: Error | null) => void;
}

/** An SMTP server whose answers to DATA can be held back; messages of connections that closed before their answer are dropped. */
class GatedMailServer {
  readonly received: ParsedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  private gateOpen = true;
  private held: Held[] = [];
  private readonly closed = new Set<string>();

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onClose: (session) => {
        this.closed.add(session.id);
      },
      onData: (stream, session, callback) => {
        // a message cut short by its sender's death errors here and is not received
        simpleParser(stream)
          .then((mail) => {
            const held = { session, mail, answer: callback };
            if (this.gateOpen) this.accept(held);
            else this.held.push(held);
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  url(ehloName: string): string {
    return `smtp://127.0.0.1:${this.port}/?name=${ehloName}`;
  }

  /** From now on, messages are read but not answered. */
  closeGate(): void {
    this.gateOpen = false;
  }

  /** Held messages of one sender (by EHLO name): still connected, or gone. */
  heldFrom(ehloName: string, connected: boolean): number {
    return this.held.filter((h) => h.session.hostNameAppearsAs === ehloName && this.closed.has(h.session.id) !== connected).length;
  }

  /** Answers 250 to every held message whose sender is still there; the others were never delivered. */
  openGate(): void {
    this.gateOpen = true;
    const held = this.held;
    this.held = [];
    for (const h of held) this.accept(h);
  }

  private accept(h: Held): void {
    if (this.closed.has(h.session.id)) return;
    this.received.push(h.mail);
    h.answer();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('kill -9 of notifications while mail is going out', () => {
  const smtp = new GatedMailServer();
  let kit: FaultKit;

  beforeAll(async () => {
    await smtp.start();
    const mailEnv = { MAIL_FROM: 'Fault Bakery <orders@bakery.example.test>', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '500' };
    kit = await FaultKit.start({ customers: CUSTOMERS, env: { ...mailEnv, SMTP_URL: smtp.url(DOOMED) } });
    // the second instance says another name, so the test knows whose mails it holds
    kit.stack.spawn('notifications', { SMTP_URL: smtp.url(SURVIVOR) });
  });
  afterAll(async () => {
    await kit?.close();
    await smtp.stop();
  });

  /** Outbox rows of one status (the admins' view, X-Total-Count). */
  async function mailCount(status: 'pending' | 'sent' | 'failed'): Promise<number> {
    const res = await kit.admin.get(`/api/admin/mail?status=${status}&limit=1`);
    expect(res.status).toBe(200);
    return Number(res.headers.get('x-total-count'));
  }

  async function placeOrder(customer: ApiClient, i: number): Promise<string> {
    const product = kit.products[i % kit.products.length];
    expect((await customer.post('/api/cart', { productId: product.id, quantity: 1 + (i % 3) })).status).toBe(201);
    const res = await customer.call('POST', '/api/orders', {}, { 'idempotency-key': randomUUID() });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('sends exactly one confirmation per order', async () => {
    // each customer places its orders one after the other (one cart each), the customers side by side
    const placing = mapLimit(kit.customers, CUSTOMERS, async (customer, c) => {
      const ids: string[] = [];
      for (let n = 0; n < ORDERS / CUSTOMERS; n++) ids.push(await placeOrder(customer, c * CUSTOMERS + n));
      return ids;
    });

    // mail flows; then the server stops answering until the instance to be killed is mid-send
    await eventually(async () => smtp.received.length >= 5, 60_000);
    smtp.closeGate();
    const closedAt = Date.now();
    await eventually(async () => smtp.heldFrom(DOOMED, true) > 0, 10_000);
    // every mail answered 250 is committed as sent: nothing is in the resend window (see above)
    await eventually(async () => (await mailCount('sent')) === smtp.received.length, 5000, 100);

    await kit.stack.killOne('notifications', 'SIGKILL'); // the oldest: the DOOMED one
    // its connections are gone and its held mails with them
    await eventually(async () => smtp.heldFrom(DOOMED, true) === 0 && smtp.heldFrom(DOOMED, false) > 0, 5000);
    expect(Date.now() - closedAt).toBeLessThan(25_000);
    smtp.openGate();
    await sleep(1000);
    kit.stack.spawn('notifications');
    await kit.waitHealthy();

    const orderIds = (await placing).flat();
    expect(orderIds).toHaveLength(ORDERS);
    await eventually(async () => smtp.received.length >= ORDERS, 90_000, 200);
    await eventually(async () => (await mailCount('pending')) === 0 && (await mailCount('sent')) === ORDERS, 30_000, 200);
    expect(await mailCount('failed')).toBe(0);

    const subjects = smtp.received.map((m) => m.subject ?? '');
    const perOrder = orderIds.map((id) => subjects.filter((s) => s.includes(`#${orderNumberOf(id)} received`)).length);
    expect(perOrder.filter((n) => n !== 1)).toEqual([]);
    expect(smtp.received).toHaveLength(ORDERS);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(ORDERS);
  });
});
