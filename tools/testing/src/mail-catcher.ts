import type { AddressInfo } from 'node:net';
import { orderNumberOf } from '@bakery/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for mail tests (`smtp-server`): every accepted message, parsed with
 * `mailparser`; recipients starting with "bounce" are refused with 550.
 */
export class MailCatcher {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      // when the test closes it, open connections are cut at once, as a server going down would
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('bounce')) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.received.filter((mail) => mailRecipients(mail).includes(address));
  }

  about(orderId: string): ParsedMail[] {
    return this.received.filter((mail) => (mail.subject ?? '').includes(orderNumberOf(orderId)));
  }
}

export function mailRecipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((a) => a.address ?? ''));
}
