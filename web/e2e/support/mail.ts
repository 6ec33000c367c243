import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { eventually } from '@bakery/testing';
import { simpleParser } from 'mailparser';
import type { E2E } from './harness';

/**
 * The path and query of the link `pagePath` (e.g. '/reset-password') in the mail of `kind` (its
 * .eml file name holds `-<kind>-`) the stack wrote to `email` (no SMTP_URL: .eml files in the
 * stack's own MAIL_DIR, parsed with mailparser), waiting up to 30 s for it. Only the path and
 * query: the link is PUBLIC_URL's, and this stack's gateway is at e2e.url.
 */
export async function mailedLink(e2e: E2E, kind: string, email: string, pagePath: string): Promise<string> {
  const dir = e2e.stack.env.MAIL_DIR!;
  const text = await eventually(
    async () => {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.includes(`-${kind}-`));
      for (const file of files) {
        const mail = await simpleParser(await readFile(path.join(dir, file)));
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        if (to.some((group) => group.value.some((a) => a.address === email))) return mail.text ?? '';
      }
      return false;
    },
    30_000,
    200,
  );
  const link = new RegExp(`(http\\S+${pagePath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?\\S+)`).exec(text)?.[1];
  if (!link) throw new Error(`no ${pagePath} link in the ${kind} mail: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
