import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostForm } from './post-form';

/** 'Cerrar sesión' as it is: a form with a button only. */
function SignOut({ onSubmit }: { onSubmit: () => void }) {
  return (
    <PostForm action="/logout" onSubmit={onSubmit}>
      <button type="submit">Cerrar sesión</button>
    </PostForm>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('PostForm', () => {
  it('is a form the browser can post without JavaScript', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignOut onSubmit={() => {}} />);
    const form = container.querySelector('form')!;
    expect([form.method, form.getAttribute('action'), form.noValidate]).toEqual(['post', '/logout', true]);
  });

  it('once hydrated, sends through the script and keeps the browser from posting', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignOut onSubmit={onSubmit} />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <SignOut onSubmit={onSubmit} />);
    });
    const submitted = new SubmitEvent('submit', {
      bubbles: true,
      cancelable: true,
      submitter: container.querySelector('button'),
    });
    act(() => void container.querySelector('form')!.dispatchEvent(submitted));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(submitted.defaultPrevented).toBe(true);
  });
});
