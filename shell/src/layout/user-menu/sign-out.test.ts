import { fakeHttp, type FakeHttp } from '@gota/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';

describe('signOut', () => {
  let network: FakeHttp;
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    network = fakeHttp();
    document.head.innerHTML = '<meta name="csrf-token" content="t">';
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  });
  afterEach(() => {
    network.restore();
    vi.restoreAllMocks();
  });

  it('posts to the logout route and reloads the home page', async () => {
    network.reply({ status: 204 });
    await signOut();
    expect(network.sent.map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /logout']);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('goes where the server says, but only inside the site', async () => {
    network.reply({ status: 200, data: { url: '/historias' } }, { status: 200, data: { url: '//evil.example/' } });
    await signOut();
    expect(assign).toHaveBeenLastCalledWith('/historias');
    await signOut();
    expect(assign).toHaveBeenLastCalledWith('/');
  });

  it('stays on the page when the server refuses', async () => {
    network.reply({ status: 419, data: { message: 'x' } });
    await expect(signOut()).rejects.toMatchObject({ status: 419 });
    expect(assign).not.toHaveBeenCalled();
  });
});
