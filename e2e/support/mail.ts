import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir, ports } from './servers';

/** Where the main e2e server writes its mail without SMTP_URL (`$DATA_DIR/mail`, see playwright.config.ts). */
const outboxDir = path.join(dataDir(ports.main), 'mail');

/** Undoes quoted-printable: soft line breaks, then =XX bytes read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain-text part of an .eml file, decoded. */
function plainText(eml: string): string {
  const part = eml.split(/^--.*$/m).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? eml;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return /quoted-printable/i.test(part) ? decodeQuotedPrintable(body) : body;
}

export interface Mail {
  subject: string;
  text: string;
}

/** Every message sent to `to`, oldest first. */
async function mailsTo(to: string): Promise<Mail[]> {
  const files = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const eml = await fs.readFile(path.join(outboxDir, file), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(eml)) continue;
    mails.push({ subject: decodeQuotedPrintable(/^Subject: (.*)$/m.exec(eml)?.[1] ?? ''), text: plainText(eml) });
  }
  return mails;
}

/** Waits for (the mail is sent after the answer) and returns the newest message to `to` whose text matches. */
export async function waitForMail(to: string, match: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).reverse().find((mail) => match.test(mail.text));
        return Boolean(found);
      },
      { timeout: 15_000, message: `un correo para ${to} que diga ${match}` },
    )
    .toBe(true);
  return found!;
}
