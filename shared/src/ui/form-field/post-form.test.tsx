import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PostForm } from './post-form';
import { serverHtmlEachTest } from './test-utils';

/** 'Cerrar sesión' as it is: a form with a button only. */
function SignOut({ onSubmit }: { onSubmit: () => void }) {
  return (
    <PostForm action="/logout" onSubmit={onSubmit}>
      <button type="submit">Cerrar sesión</button>
    </PostForm>
  );
}

const { serverHtml, hydrate } = serverHtmlEachTest();

describe('PostForm', () => {
  it('is a form the browser can post without JavaScript', () => {
    const form = serverHtml(<SignOut onSubmit={() => {}} />).querySelector('form')!;
    expect([form.method, form.getAttribute('action'), form.noValidate]).toEqual(['post', '/logout', true]);
  });

  it('once hydrated, sends through the script and keeps the browser from posting', async () => {
    const onSubmit = vi.fn();
    const container = serverHtml(<SignOut onSubmit={onSubmit} />);
    await hydrate(container, <SignOut onSubmit={onSubmit} />);
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
