import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A passkey in software, for tests (decision 055): an ES256 key pair that answers a WebAuthn registration with the
 * "none" attestation and signs authentications, as a browser's authenticator would. Its counter stays 0 (like many
 * passkeys synced between devices), so it can sign again and again.
 *
 * @example
 * const key = softPasskey('http://localhost:8080')
 * const registration = key.register(options.challenge)
 * const assertion = key.sign(options.challenge)
 */
export function softPasskey(
  origin: string,
  { credentialId = randomBytes(16), privateKey }: { credentialId?: Buffer; privateKey?: KeyObject } = {},
) {
  const rpId = new URL(origin).hostname;
  const keys = privateKey ? { privateKey } : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = keys.privateKey.export({ format: 'jwk' });
  const id = credentialId.toString('base64url');
  const rpIdHash = createHash('sha256').update(rpId).digest();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counter = Buffer.alloc(4);
  return {
    id,
    /** The answer to a registration's options (`challenge`: base64url, as the server sent it). */
    register(challenge: string) {
      const cose = cbor(
        new Map<number, number | Buffer>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      // flags: user present, user verified, attested credential data
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), counter, Buffer.alloc(16), idLength, credentialId, cose]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: clientData('webauthn.create', challenge).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer to an authentication's options. */
    sign(challenge: string) {
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counter]);
      const json = clientData('webauthn.get', challenge);
      const signer = createSign('sha256');
      signer.update(Buffer.concat([authData, createHash('sha256').update(json).digest()]));
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: json.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signer.sign(keys.privateKey).toString('base64url'),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

/** The few CBOR types WebAuthn needs (RFC 8949): small integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value);
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
  throw new Error(`cbor: tipo no admitido (${typeof value})`);
}
