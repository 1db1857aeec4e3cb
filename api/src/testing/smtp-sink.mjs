// The test mail server of every suite (unit tests, e2e, the fleet script): plain JavaScript so that the fleet script,
// which Node runs as it is, can import it too. Types in smtp-sink.d.mts.
import { SMTPServer } from 'smtp-server';

/**
 * Starts an SMTP server on 127.0.0.1 that accepts every message without TLS or login and keeps its raw text.
 *
 * @param {{ port?: number, encoding?: BufferEncoding, onMessage?: (raw: string) => void }} [options]
 *   `port` 0 (default) takes a free one; `encoding` reads the message's bytes (default utf8); `onMessage` sees each one.
 * @returns {Promise<{ port: number, received: string[], close: () => Promise<void> }>}
 *
 * @example
 * const smtp = await startSmtpSink();
 * const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, … });
 */
export async function startSmtpSink({ port = 0, encoding = 'utf8', onMessage } = {}) {
  /** @type {string[]} */
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding(encoding);
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push(raw);
        onMessage?.(raw);
        callback();
      });
    },
  });
  // a connection the client resets (a pooled one closed, a process killed) is not the test's business
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
