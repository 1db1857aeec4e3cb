/**
 * Cookie names. `__Host-` makes the browser refuse a cookie that is not Secure, has a Domain or another Path, so a
 * sibling subdomain cannot plant one — but browsers also reject `__Host-` cookies without Secure, and development and
 * the e2e tests run on plain http://localhost. So the prefix is used exactly when cookies are Secure (production), and
 * plain names otherwise.
 */
export function cookieNames(secure: boolean): { session: string; anon: string } {
  return secure ? { session: '__Host-sid', anon: '__Host-csrf' } : { session: 'sid', anon: 'csrf' };
}
