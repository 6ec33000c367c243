import { mkdir, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { MailKind } from '@bakery/contracts';

/** One mail as the worker hands it to a transport. */
export interface OutgoingMail {
  id: string;
  kind: MailKind;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
  /** a PDF sent with it (its type comes from the file name) */
  attachment?: { filename: string; content: Buffer } | null;
}

/** Where mail goes: an SMTP server, or .eml files. `send` rejects with nodemailer's error (code, responseCode). */
export interface MailTransport {
  /** for the logs and the start banner: never a password */
  readonly destination: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How many mails each instance sends at once (and SMTP connections it keeps). */
export const MAIL_CONCURRENCY = 4;

/**
 * The headers every mail carries. The Message-ID is the outbox row's id: a mail sent again after
 * a crash between the server's "250 OK" and the row's update (at-least-once is all SMTP offers)
 * is the same message, which mail clients and catchers show once.
 */
function message(mail: OutgoingMail): SendMailOptions {
  const domain = /@([^>\s]+)>?\s*$/.exec(mail.from)?.[1] ?? 'bakery.local';
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${domain}>`,
    date: mail.createdAt,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Bakery-Mail-Kind': mail.kind },
    attachments: mail.attachment ? [{ filename: mail.attachment.filename, content: mail.attachment.content }] : [],
  };
}

/** SMTP through nodemailer (a small pool of connections); short timeouts, so a silent server is a quick failure to retry. */
export class SmtpMailTransport implements MailTransport {
  readonly destination: string;
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    this.destination = `SMTP ${url.protocol}//${url.host}`;
    this.transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: MAIL_CONCURRENCY,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(message(mail));
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * No SMTP server (the default of `npm start`): each mail is written as `<dir>/<time>-<kind>-<id>.eml`,
 * which any mail client opens. The file is written whole under a temporary name, then renamed, so a
 * half-written mail is never there; a mail written again after a crash replaces its own file.
 */
export class FileMailTransport implements MailTransport {
  readonly destination: string;
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(private readonly dir: string) {
    this.destination = `.eml files in ${dir}`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail(message(mail));
    const stamp = mail.createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.join(this.dir, `${stamp}-${mail.kind}-${mail.id}.eml`);
    const partial = `${file}.partial`;
    // the folder is made once, and again only if it went away (a mkdir per mail cost a sixth of a busy worker)
    if (!this.dirMade) await this.makeDir();
    await writeFile(partial, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await this.makeDir();
      await writeFile(partial, info.message as Buffer);
    });
    await rename(partial, file);
  }

  private dirMade = false;

  private async makeDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.dirMade = true;
  }

  close(): void {
    this.transporter.close();
  }
}

export function mailTransportFor(smtpUrl: string | undefined, mailDir: string): MailTransport {
  return smtpUrl ? new SmtpMailTransport(smtpUrl) : new FileMailTransport(path.resolve(mailDir));
}
