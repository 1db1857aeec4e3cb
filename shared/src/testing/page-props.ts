import { afterEach, beforeEach } from 'vitest';
import { appName, type SharedProps, type SiteUser } from '../contracts';
import { fakeHttp, type FakeHttp } from './fake-http';
import { resetStore } from './store';

/**
 * The props every page is given (`SharedProps`), as a page test needs them: the page at `path`, seen by `user` (`null`:
 * nobody signed in), with no errors and an empty description.
 *
 * @example
 * render(<EquipoPage {...pageProps('/panel/equipo', { firstName: 'Ana', staff: true })} {...team} />);
 */
export function pageProps(path: string, user: SiteUser | null = null): SharedProps {
  return {
    errors: {},
    auth: { user },
    seo: { title: appName, description: '', keywords: '', url: `http://localhost${path}`, baseUrl: 'http://localhost' },
    appName,
  };
}

/**
 * For each test of the calling file (or `describe` block): a fresh fake network (`fakeHttp`) and the one store as it
 * started, the network put back afterwards; with `csrfToken`, the page's `<meta name="csrf-token">` holds it, as the
 * server's pages do. Returns the network of the test that runs.
 *
 * @example
 * const network = freshClientEachTest();
 * it('…', () => network.reply({ status: 200, data: {} }));
 */
export function freshClientEachTest({ csrfToken }: { csrfToken?: string } = {}): FakeHttp {
  let current: FakeHttp | undefined;
  beforeEach(() => {
    current = fakeHttp();
    resetStore();
    if (csrfToken !== undefined) document.head.innerHTML = `<meta name="csrf-token" content="${csrfToken}">`;
  });
  afterEach(() => current?.restore());
  const now = (): FakeHttp => {
    if (!current) throw new Error('freshClientEachTest: the network exists only while a test runs');
    return current;
  };
  return {
    get sent() {
      return now().sent;
    },
    reply: (...replies) => now().reply(...replies),
    respondWith: (next) => now().respondWith(next),
    restore: () => now().restore(),
  };
}
