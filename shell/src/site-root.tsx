import { Suspense, useEffect, useRef, useState } from 'react';
import { ScrollRestoration, useLoaderData, useLocation, useNavigationType } from 'react-router-dom';
import type { PageObject } from '@gota/shared/contracts';
import { isRemotePage, pageModules } from '@gota/shared/routes';
import { AppLayout } from './layout';
import { InvalidReplyModal } from './navigation/invalid-reply-modal';
import { ProgressBar } from './navigation/progress-bar';
import { applySeo } from './navigation/seo-head';
import { shellPages } from './pages';
import { RemoteBoundary } from './remotes/remote-boundary';
import { remotePage } from './remotes/remotes';
import styles from './site-root.module.css';

const sectionNames: Record<string, string> = {
  mf_home: 'el inicio',
  mf_stories: 'las historias',
  mf_allies: 'los aliados',
  mf_campaign: 'la campaña',
  mf_auth: 'tu cuenta',
};

function PageView({ page }: { page: PageObject }) {
  const [attempt, setAttempt] = useState(0);
  const name = page.component;
  if (isRemotePage(name)) {
    const Page = remotePage(name, attempt);
    const section = sectionNames[pageModules[name].remote] ?? 'esta sección';
    return (
      <RemoteBoundary key={`${name}#${attempt}`} section={section} onRetry={() => setAttempt((n) => n + 1)}>
        <Page {...page.props} />
      </RemoteBoundary>
    );
  }
  const ShellPage = name === 'Example' ? shellPages.Example : shellPages.NotFound;
  return <ShellPage {...page.props} />;
}

function PageLoading() {
  return (
    <p className={styles.loading} role="status">
      Cargando...
    </p>
  );
}

/** The one route's element: the layout around the current page, plus navigation feedback. */
export function SiteRoot() {
  const page = useLoaderData() as PageObject;
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    applySeo(page.props.seo);
  }, [page]);

  useEffect(() => {
    // after a client-side visit, move focus to the new content as a full page load would (not on the first load)
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'PUSH') document.getElementById('contenido')?.focus({ preventScroll: true });
  }, [location.key, navigationType]);

  return (
    <>
      <ProgressBar />
      <AppLayout page={page}>
        <Suspense fallback={<PageLoading />}>
          <PageView page={page} />
        </Suspense>
      </AppLayout>
      <InvalidReplyModal />
      <ScrollRestoration />
    </>
  );
}
