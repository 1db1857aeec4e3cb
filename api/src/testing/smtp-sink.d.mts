export interface SmtpSink {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Every message received, as raw text, in order. */
  received: string[];
  close: () => Promise<void>;
}

export interface SmtpSinkOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** How the message's bytes are read (default utf8). */
  encoding?: BufferEncoding;
  onMessage?: (raw: string) => void;
}

export function startSmtpSink(options?: SmtpSinkOptions): Promise<SmtpSink>;
