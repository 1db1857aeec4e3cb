import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider, useSearchParams } from '../router';
import type { PageProps } from '../contracts/page';
import type { ExposeOf, RemoteName } from '../routes';
import '../tokens/tokens.css';
import './dev-harness.css';

export interface HarnessPage {
  component: ComponentType<PageProps>;
  props: Partial<PageProps> & Record<string, unknown>;
}

const baseProps: PageProps = {
  errors: {},
  auth: { user: null },
  appName: 'Gota a Gota',
  seo: { title: 'Desarrollo', description: '', keywords: '', url: 'http://localhost', baseUrl: 'http://localhost' },
};

function Harness({ remote, pages }: { remote: string; pages: Record<string, HarnessPage> }) {
  const [params] = useSearchParams();
  const names = Object.keys(pages);
  const name = params.get('page') ?? names[0] ?? '';
  const page = pages[name];
  return (
    <>
      <nav
        aria-label={`Páginas de ${remote}`}
        style={{ display: 'flex', gap: '1rem', padding: '0.5rem 1rem', background: 'var(--color-surface)' }}
      >
        {names.map((n) => (
          <Link key={n} to={`?page=${encodeURIComponent(n)}`} aria-current={n === name ? 'page' : undefined}>
            {n}
          </Link>
        ))}
      </nav>
      <main id="contenido">{page ? <page.component {...baseProps} {...page.props} /> : <p>Sin páginas.</p>}</main>
    </>
  );
}

/**
 * Runs a remote alone for its team (`npm run dev -w mf-allies`): its pages with sample props, no shell. The chrome is
 * the shell's business; here only the page and the design tokens matter. The pages are named as the page table names
 * the remote's modules (`exposedModules`), so a harness cannot show a page the site does not have.
 */
export function mountDevHarness<R extends RemoteName>(remote: R, pages: { [Expose in ExposeOf<R>]?: HarnessPage }): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Falta el elemento #root');
  const router = createBrowserRouter([
    { path: '*', element: <Harness remote={remote} pages={pages as Record<string, HarnessPage>} /> },
  ]);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
