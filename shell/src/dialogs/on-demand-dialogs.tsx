import { useEffect } from 'react';
import { http } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { onDemand, OnDemandPart } from '../on-demand/on-demand';
import { holdTyping, releaseTyping } from '../search/held-typing';

/**
 * The site's dialogs are closed on every page's arrival, so their code (Radix Dialog, the forms, the privacy notice) is
 * not on the first view: each loads when it first opens, or earlier when its opener is hovered or focused (decision 020).
 */
export const contactDialog = onDemand(() => import('./contact-dialog').then((module) => module.ContactDialog));
const companyDialog = onDemand(() => import('./company-dialog').then((module) => module.CompanyDialog));
export const privacyDialog = onDemand(() => import('./privacy-dialog').then((module) => module.PrivacyDialog));
export const searchDialog = onDemand(() => import('../search/search-dialog').then((module) => module.SearchDialog));

/** Whether a key press is someone typing: in a field, an editable element, or with a modifier held. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target instanceof HTMLElement ? event.target : null;
  return (
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    !!target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')
  );
}

/** What the visitor reads when a dialog's code could not be fetched (a dropped connection): the button works again. */
const dialogLoadFailed = 'No pudimos abrir la ventana. Revisa tu conexión e inténtalo de nuevo.';

function failed(close: () => void) {
  return (error: unknown) => {
    close();
    console.warn('[diálogos] No se pudo cargar un diálogo.', error);
    useSiteStore.getState().addAlert({ type: 'error', title: 'Error', subtitle: dialogLoadFailed, closable: true });
  };
}

/**
 * A contact form coming into view asks the server for a fresh anti-forgery token (decision 040): its issue time is when
 * the form appeared, which the server's minimum fill time counts from, and the http client puts it in the meta tag. A
 * failure is left alone: sending the form then answers 419, whose message says to reload.
 */
function useFormTicket(formShown: boolean): void {
  useEffect(() => {
    if (formShown) void http.get(route('csrfToken')).catch(() => undefined);
  }, [formShown]);
}

/**
 * The contact, company, privacy and search dialogs, each mounted from the first time its store flag opens it. Until then they
 * render nothing, exactly as the closed dialogs did, so the server HTML and hydration do not change.
 */
export function SiteDialogs() {
  const contactOpen = useSiteStore((state) => state.contactForm);
  const companyOpen = useSiteStore((state) => state.empresaForm);
  const privacyOpen = useSiteStore((state) => state.privacyDialog);
  const searchOpen = useSiteStore((state) => state.searchDialog);
  const { setContactForm, setEmpresaForm, setPrivacyDialog, setSearchDialog } = useSiteStore.getState();
  useFormTicket(contactOpen || companyOpen);

  // `/` opens the search, as on the sites a visitor searches every day (never while typing, nor over another dialog)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || isTyping(event) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      holdTyping();
      setSearchDialog(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [setSearchDialog]);
  // a search closed before its field took the focus (its code failed to load) holds no keys any more
  useEffect(() => {
    if (!searchOpen) releaseTyping();
  }, [searchOpen]);

  return (
    <>
      <OnDemandPart part={contactDialog} wanted={contactOpen} props={{}} onFailure={failed(() => setContactForm(false))} />
      <OnDemandPart part={companyDialog} wanted={companyOpen} props={{}} onFailure={failed(() => setEmpresaForm(false))} />
      <OnDemandPart part={privacyDialog} wanted={privacyOpen} props={{}} onFailure={failed(() => setPrivacyDialog(false))} />
      <OnDemandPart part={searchDialog} wanted={searchOpen} props={{}} onFailure={failed(() => setSearchDialog(false))} />
    </>
  );
}
