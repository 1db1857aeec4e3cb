import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshClientEachTest } from '@gota/shared/testing';
import { retryOnActiveRelease } from './retry-on-active';

const network = freshClientEachTest({ csrfToken: 't' });
afterEach(() => vi.restoreAllMocks());

describe('«Reintentar» on a section that did not load', () => {
  it('reloads this address onto the active release when the page version changed, without retrying the dead one', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    network.respondWith(async () => ({
      status: 409,
      headers: { 'x-inertia-location': 'http://sitio.test/historias' },
      body: '',
    }));
    const retry = vi.fn();
    await retryOnActiveRelease({ url: '/historias', version: '7.abc' }, retry);
    expect(network.sent[0]).toMatchObject({
      url: '/historias',
      headers: expect.objectContaining({ 'X-Inertia-Version': '7.abc' }) as unknown,
    });
    expect(assign).toHaveBeenCalledWith('http://sitio.test/historias');
    expect(retry).not.toHaveBeenCalled();
  });

  it('loads the section again when the version is the same, or the server did not answer', async () => {
    const page = { component: 'Blog', url: '/historias', version: '7.abc', props: {} };
    network.respondWith(async () => ({
      status: 200,
      headers: { 'x-inertia': 'true', 'content-type': 'application/json' },
      body: JSON.stringify(page),
    }));
    const retry = vi.fn();
    await retryOnActiveRelease(page, retry);
    expect(retry).toHaveBeenCalledOnce();
    network.respondWith(() => 'no-answer');
    await retryOnActiveRelease(page, retry);
    expect(retry).toHaveBeenCalledTimes(2);
  });
});
