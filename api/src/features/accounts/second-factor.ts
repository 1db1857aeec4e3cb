import { randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { recoveryCodeCount, type SecondFactorSummary } from '@gota/shared/contracts';
import type { Db, Tx } from '../../db/database';
import { recoveryCodes, sessions, teamLog, userPasskeys, userTotp } from './schema';
import { sha256 } from '../../security/tokens';

/**
 * The second factor of an account (issue #45 item 3, decision 055): an authenticator app (TOTP), passkeys (WebAuthn)
 * and one-time recovery codes. Storage and checks only; the routes (second-step.handlers.ts and seguridad.handlers.ts) say who may
 * call what, and the session look-up (sessions.ts) whether a session proved it.
 */

const issuer = 'Gota a Gota';
const period = 30;

/** The site as a WebAuthn relying party: its name, host and origin (from APP_URL). */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { name: issuer, id: url.hostname, origin: url.origin };
}

/** The clock the codes are checked against (ms since the epoch): a test hands its own. */
export type Clock = () => number;

function totpOf(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** What the set-up page shows of a TOTP secret not confirmed yet: the text to type and its QR code (an SVG). */
export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * The TOTP secret waiting for its first code: the one kept, or a new one (20 random bytes). A confirmed secret is never
 * replaced here; it is removed first.
 */
export async function pendingTotp(db: Db, user: { id: string; email: string }): Promise<TotpSetup | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, user.id));
  if (row?.confirmedAt) return null;
  let secret = row?.secret;
  if (!secret) {
    secret = new OTPAuth.Secret({ size: 20 }).base32;
    await db.insert(userTotp).values({ userId: user.id, secret }).onConflictDoNothing();
    // two tabs at once: the row that won is the one shown
    [{ secret }] = (await db.select({ secret: userTotp.secret }).from(userTotp).where(eq(userTotp.userId, user.id))) as [
      { secret: string },
    ];
  }
  const uri = totpOf(secret, user.email).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The time step of a valid code (±1 step of `now`), or null. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

/**
 * Checks a code of the account's authenticator app and spends its time step: a code of the step already used, or an
 * older one, is refused (one atomic update, so two requests with one code cannot both pass). `confirming`: the code of
 * a new secret, which makes it the account's factor.
 */
export async function checkTotp(db: Db | Tx, userId: string, code: string, clock: Clock, confirming = false): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || (row.confirmedAt === null) !== confirming) return false;
  const step = stepOf(row.secret, code, clock());
  if (step === null) return false;
  const spent = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirming ? { confirmedAt: new Date(clock()) } : {}) })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
    .returning({ userId: userTotp.userId });
  return spent.length === 1;
}

// recovery codes: 10 characters of an alphabet without look-alikes (about 50 bits each), shown as two groups of five
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function normalCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A new set of recovery codes: the old set stops working; only the codes' SHA-256 is kept. Returns them, to show once. */
export async function newRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, () => {
    const raw = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(normalCode(code)) })));
  return codes;
}

/** Spends one recovery code of the account: true once per code. */
export async function useRecoveryCode(db: Db | Tx, userId: string, code: string): Promise<boolean> {
  const normal = normalCode(code);
  if (normal.length !== 10) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normal)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return spent.length === 1;
}

/** What the account has enrolled, as «Seguridad de la cuenta» shows it. */
export async function factorsOf(db: Db | Tx, userId: string): Promise<SecondFactorSummary> {
  const [totp] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const passkeys = await db
    .select({
      id: userPasskeys.id,
      name: userPasskeys.name,
      createdAt: userPasskeys.createdAt,
      lastUsedAt: userPasskeys.lastUsedAt,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(userPasskeys.createdAt);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    totp: totp?.confirmedAt?.toISOString() ?? null,
    passkeys: passkeys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryLeft: left?.n ?? 0,
  };
}

/** Whether the account has a factor (a confirmed app or a passkey): the SQL the session look-up reads with the session. */
export const hasFactorSql = (userId: unknown) =>
  sql<boolean>`(exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null) or exists (select 1 from ${userPasskeys} where ${userPasskeys.userId} = ${userId}))`;

/** Marks a session as having proved a second factor now, and clears its challenge. */
export async function markProved(db: Db | Tx, idHash: string): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: new Date(), challenge: null }).where(eq(sessions.idHash, idHash));
}

/** Keeps a WebAuthn challenge on the session that asked for it. */
async function keepChallenge(db: Db, idHash: string, challenge: string): Promise<void> {
  await db.update(sessions).set({ challenge }).where(eq(sessions.idHash, idHash));
}

/** Takes the session's challenge (once: it is cleared in the same statement's transaction). */
async function takeChallenge(db: Db, idHash: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ challenge: sessions.challenge })
      .from(sessions)
      .where(eq(sessions.idHash, idHash))
      .for('update');
    if (!row?.challenge) return null;
    await tx.update(sessions).set({ challenge: null }).where(eq(sessions.idHash, idHash));
    return row.challenge;
  });
}

/**
 * Who a passkey ceremony is for: the database, the site (its name, host and origin), the account, and the session
 * (its id's hash) that holds the ceremony's challenge. Every step of both ceremonies takes it whole.
 */
export interface PasskeyCeremony {
  db: Db;
  rp: RelyingParty;
  userId: string;
  idHash: string;
}

/** The ceremony of a session on this site: `session.id` is the session's id as the browser holds it, hashed here. */
export function passkeyCeremony(db: Db, rp: RelyingParty, session: { id: string; userId: string }): PasskeyCeremony {
  return { db, rp, userId: session.userId, idHash: sha256(session.id) };
}

/** Options for the browser to create a passkey for this account (its existing ones excluded). */
export async function passkeyRegistrationOptions(
  { db, rp, userId, idHash }: PasskeyCeremony,
  user: { email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(userId),
    attestationType: 'none',
    excludeCredentials: await passkeysOf(db, userId),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(db, idHash, options.challenge);
  return options;
}

function transportsOf(value: string): AuthenticatorTransport[] {
  return value ? (value.split(',') as AuthenticatorTransport[]) : [];
}

/** This account's passkeys as the browser is told of them: each one's id and how it can be reached. */
async function passkeysOf(db: Db, userId: string): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
  const keys = await db
    .select({ id: userPasskeys.id, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  return keys.map((key) => ({ id: key.id, transports: transportsOf(key.transports) }));
}

/**
 * What a browser's answer to a passkey ceremony must match: the challenge this session was given (taken, so it serves
 * once), the site's origin and host. A person's own check on the key (a PIN, a fingerprint) is asked for, not required.
 * Null when the session holds no challenge.
 */
async function ceremonyOf(db: Db, rp: RelyingParty, idHash: string) {
  const challenge = await takeChallenge(db, idHash);
  if (!challenge) return null;
  return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false };
}

/** Checks the browser's new passkey against the session's challenge and keeps it, named. False when it does not verify. */
export async function registerPasskey(
  { db, rp, userId, idHash }: PasskeyCeremony,
  name: string,
  response: RegistrationResponseJSON,
): Promise<boolean> {
  const ceremony = await ceremonyOf(db, rp, idHash);
  if (!ceremony) return false;
  const result = await verifyRegistrationResponse({ response, ...ceremony }).catch(() => null);
  if (!result?.verified) return false;
  const { credential } = result.registrationInfo;
  const added = await db
    .insert(userPasskeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
    })
    .onConflictDoNothing()
    .returning({ id: userPasskeys.id });
  return added.length === 1;
}

/** Options for the browser to sign with one of this account's passkeys (the second step). Null: it has none. */
export async function passkeyAuthenticationOptions({
  db,
  rp,
  userId,
  idHash,
}: PasskeyCeremony): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const keys = await passkeysOf(db, userId);
  if (keys.length === 0) return null;
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', allowCredentials: keys });
  await keepChallenge(db, idHash, options.challenge);
  return options;
}

/**
 * Checks a passkey's signature against the session's challenge, for a passkey of this account; raises its counter (a
 * counter that does not grow, where the key keeps one, is a cloned key and is refused by the library).
 */
export async function verifyPasskey(
  { db, rp, userId, idHash }: PasskeyCeremony,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const ceremony = await ceremonyOf(db, rp, idHash);
  if (!ceremony) return false;
  const [key] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.id, response.id)));
  if (!key) return false;
  const result = await verifyAuthenticationResponse({
    response,
    ...ceremony,
    credential: {
      id: key.id,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: transportsOf(key.transports),
    },
  }).catch(() => null);
  if (!result?.verified) return false;
  const { newCounter } = result.authenticationInfo;
  // a counter of 0 (keys that keep none) is never compared; one that grows must grow past the stored one, atomically
  const updated = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(userPasskeys.id, key.id), newCounter === 0 ? sql`true` : lt(userPasskeys.counter, newCounter)))
    .returning({ id: userPasskeys.id });
  return updated.length === 1;
}

/** Removes a passkey of this account; false when it is not one of its own. */
export async function removePasskey(tx: Tx, userId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.id, id)))
    .returning({ id: userPasskeys.id });
  return gone.length === 1;
}

/** Removes the authenticator app of this account (confirmed or not). */
export async function removeTotp(tx: Tx, userId: string): Promise<boolean> {
  const gone = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  return gone.length === 1;
}

/** How many factors the account has (a confirmed app counts one, each passkey one). */
export async function factorCount(db: Db | Tx, userId: string): Promise<number> {
  const [app] = await db
    .select({ n: count() })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const [keys] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return (app?.n ?? 0) + (keys?.n ?? 0);
}

/**
 * An administrator's «Restablecer segundo factor» for a person who lost their phone: every factor and recovery code of
 * the account goes, and every session of it, so the next sign-in asks them to set one up again. Logged.
 */
export async function resetSecondFactor(
  tx: Tx,
  subject: { id: string; email: string },
  actor: { id: string | null; name: string },
): Promise<void> {
  await tx.delete(userTotp).where(eq(userTotp.userId, subject.id));
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, subject.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, subject.id));
  await tx.delete(sessions).where(eq(sessions.userId, subject.id));
  await tx
    .insert(teamLog)
    .values({ actorId: actor.id, actor: actor.name, subject: subject.email, action: 'factor-restablecido', role: null });
}

/** A line of the team's log for a change of one's own factors. */
export async function logFactorChange(
  tx: Tx,
  user: { userId: string; name: string; email: string },
  action: 'factor-activado' | 'factor-quitado',
): Promise<void> {
  await tx
    .insert(teamLog)
    .values({ actorId: user.userId, actor: `${user.name} <${user.email}>`, subject: user.email, action, role: null });
}
