import { http } from '@gota/shared/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';

describe('signOut', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts to the logout route and reloads the home page', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: null });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await signOut();
    expect(post).toHaveBeenCalledWith('/logout');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('goes where the server says, but only inside the site', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { url: '/historias' } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await signOut();
    expect(assign).toHaveBeenLastCalledWith('/historias');
    post.mockResolvedValue({ data: { url: '//evil.example/' } });
    await signOut();
    expect(assign).toHaveBeenLastCalledWith('/');
  });

  it('stays on the page when the server refuses', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(new Error('419'));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await expect(signOut()).rejects.toThrow('419');
    expect(assign).not.toHaveBeenCalled();
  });
});
