import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldSubmitsGlobal, liveFormProperty, type HeldSubmit } from '@gota/shared/contracts';
import { PostForm } from './post-form';

const globals = window as unknown as Partial<Record<string, HeldSubmit[]>>;

/** 'Cerrar sesión' as it is: a form with a button only, no field of the package to mark it live. */
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
  delete globals[heldSubmitsGlobal];
});

describe('PostForm', () => {
  it('is a form the browser can post without JavaScript', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignOut onSubmit={() => {}} />);
    const form = container.querySelector('form')!;
    expect([form.method, form.getAttribute('action'), form.noValidate]).toEqual(['post', '/logout', true]);
  });

  it('marks itself live once hydrated and sends, once, what was submitted before, through the script', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignOut onSubmit={onSubmit} />);
    document.body.append(container);
    const form = container.querySelector('form')!;
    const button = container.querySelector('button')!;
    // pressed twice while the scripts loaded: the document's inline script held both
    globals[heldSubmitsGlobal] = [
      { form, submitter: button },
      { form, submitter: button },
    ];
    await act(async () => {
      root = hydrateRoot(container, <SignOut onSubmit={onSubmit} />);
    });
    expect(onSubmit).toHaveBeenCalledOnce();
    expect((form as unknown as Record<string, unknown>)[liveFormProperty]).toBe(true);
    expect(globals[heldSubmitsGlobal]).toEqual([]);
  });
});
