/**
 * Cookie names. `__Host-` makes the browser refuse a cookie that is not Secure, has a Domain or another Path, so a
 * sibling subdomain cannot plant one — but browsers also reject `__Host-` cookies without Secure, and development and
 * the e2e tests run on plain http://localhost. So the prefix is used exactly when cookies are Secure (production), and
 * plain names otherwise. The anonymous anti-forgery cookie is `xsrf`, which the page's own script reads and sets
 * (decision 040): the `csrf` of before was HttpOnly, and a script can neither read nor replace such a cookie.
 */
export function cookieNames(secure: boolean): { session: string; anon: string } {
  return secure ? { session: '__Host-sid', anon: '__Host-xsrf' } : { session: 'sid', anon: 'xsrf' };
}
