import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../logging/logger';
import { createMailer } from '../mail/mailer';

/**
 * The mailer as it runs without SMTP_URL: messages become .eml files in a fresh temporary `outboxDir`, and every log
 * line it (or whoever else is given `logger`) writes is kept in `lines`, so a test reads both.
 *
 * @example
 * const { mailer, outboxDir, lines } = localOutboxMailer({ logLinks: true })
 */
export function localOutboxMailer({ level = 'info', logLinks = false }: { level?: string; logLinks?: boolean } = {}) {
  const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'gota-mail-')), 'mail');
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line) => lines.push(line) } });
  const mailer = createMailer({ from: 'Gota a Gota <no-responder@gotaagota.mx>', outboxDir, logger, logLinks });
  return { mailer, outboxDir, lines, logger };
}
