import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import type { PageObject, RemotesRegistry } from '@gota/shared/contracts';
import '@gota/shared/tokens.css';
import './layout/global.css';
import { createSiteRouter } from './navigation/site-router';
import { registerSiteRemotes } from './remotes/remotes';

function readJson<T>(id: string): T {
  const text = document.getElementById(id)?.textContent;
  if (!text) throw new Error(`Falta #${id} en el documento`);
  return JSON.parse(text) as T;
}

// The document's CSP nonce, for the <style> tags libraries add at run time (Radix's scroll lock reads it through
// webpack's nonce). The nonce attribute reads back empty; the property keeps it.
__webpack_nonce__ = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

const page = readJson<PageObject>('page-data');
registerSiteRemotes(readJson<RemotesRegistry>('remotes-data'));

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createSiteRouter(page)} />
  </StrictMode>,
);
