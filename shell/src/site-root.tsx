import { useEffect, useRef, type ComponentType } from 'react';
import { ScrollRestoration, useLoaderData, useLocation, useNavigationType } from '@gota/shared/router';
import type { PageObject, PageProps } from '@gota/shared/contracts';
import { FederatedSlot } from '@gota/shared/federation';
import { isRemotePage, pageModules, remoteModuleId, type RemoteName } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { AppLayout } from './layout';
import { contentId } from './layout/skip-link';
import { InvalidReplyModal } from './navigation/invalid-reply-modal';
import { ProgressBar } from './navigation/progress-bar';
import { retryOnActiveRelease } from './navigation/retry-on-active';
import { applySeo } from './navigation/seo-head';
import { shellPageName, shellPages } from './pages';
import { RemoteFallback } from './remotes/remote-fallback';
import styles from './site-root.module.css';

/** How the fallback names each remote's section; typed by the route table's remotes, so a new remote needs its name. */
const sectionNames: Record<RemoteName, string> = {
  mf_home: 'el inicio',
  mf_stories: 'las historias',
  mf_allies: 'los aliados',
  mf_campaign: 'la campaña',
  mf_auth: 'tu cuenta',
  mf_content: 'el editor de contenidos',
};

function PageView({ page }: { page: PageObject }) {
  const name = page.component;
  if (isRemotePage(name)) {
    const section = sectionNames[pageModules[name].remote];
    return (
      <FederatedSlot
        id={remoteModuleId(name)}
        props={page.props}
        fallback={<PageLoading />}
        failed={(retry) => <RemoteFallback section={section} onRetry={() => void retryOnActiveRelease(page, retry)} />}
        onError={(error) => console.error(`[federación] La sección «${section}» falló.`, error)}
      />
    );
  }
  // the page object came over the wire: its props are the page's as the server sent them (`PagePropsMap`)
  const ShellPage = shellPages[shellPageName(name)] as ComponentType<PageProps>;
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
  const loadStoredTheme = useSiteStore((state) => state.loadStoredTheme);

  // the server rendered the light theme's labels; once live, the store takes the visitor's stored choice
  useEffect(loadStoredTheme, [loadStoredTheme]);

  useEffect(() => {
    applySeo(page.props.seo);
  }, [page]);

  useEffect(() => {
    // after a client-side visit, move focus to the new content as a full page load would (not on the first load)
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'PUSH') document.getElementById(contentId)?.focus({ preventScroll: true });
  }, [location.key, navigationType]);

  return (
    <>
      <ProgressBar />
      <AppLayout page={page}>
        <PageView page={page} />
      </AppLayout>
      <InvalidReplyModal />
      <ScrollRestoration />
    </>
  );
}
