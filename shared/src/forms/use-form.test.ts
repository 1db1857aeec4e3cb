import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError } from '../http/http-client';
import { freshClientEachTest } from '../testing/page-props';
import { recentlySuccessfulMs, useForm } from './use-form';

const network = freshClientEachTest({ csrfToken: 't' });

/** Every request gets this answer, after reporting half of its body sent. */
function answer(status: number, data: unknown = {}): void {
  network.respondWith((request) => {
    request.onUploadProgress?.({ loaded: 50, total: 100 });
    return { status, data };
  });
}
const sent = () => network.sent;

afterEach(() => vi.useRealTimers());

describe('useForm state', () => {
  it('starts from the defaults, not dirty, without errors', () => {
    const { result } = renderHook(() => useForm({ name: '', email: 'a@b.mx' }));
    expect(result.current.data).toEqual({ name: '', email: 'a@b.mx' });
    expect(result.current.isDirty).toBe(false);
    expect(result.current.hasErrors).toBe(false);
    expect(result.current.processing).toBe(false);
  });

  it('changes one field or several, and becomes dirty', () => {
    const { result } = renderHook(() => useForm({ name: '', email: '' }));
    act(() => result.current.setData('name', 'Ana'));
    expect(result.current.data.name).toBe('Ana');
    expect(result.current.isDirty).toBe(true);
    act(() => result.current.setData({ email: 'ana@x.mx' }));
    expect(result.current.data).toEqual({ name: 'Ana', email: 'ana@x.mx' });
    act(() => result.current.setData((current) => ({ ...current, name: '' })));
    expect(result.current.data.name).toBe('');
  });

  it('resets to the defaults (all or some fields) and to null', () => {
    const { result } = renderHook(() => useForm({ name: 'x', email: 'y' }));
    act(() => result.current.setData({ name: 'Ana', email: 'ana@x.mx' }));
    act(() => result.current.reset('name'));
    expect(result.current.data).toEqual({ name: 'x', email: 'ana@x.mx' });
    act(() => result.current.reset());
    expect(result.current.data).toEqual({ name: 'x', email: 'y' });
    expect(result.current.isDirty).toBe(false);
    act(() => result.current.resetToNull());
    expect(result.current.data).toEqual({ name: null, email: null });
  });

  it('binds a text field: its value, a setter that changes only it, and its message', () => {
    const { result } = renderHook(() => useForm({ name: '', email: '', remember: false }));
    act(() => result.current.field('email').onValueChange('ana@x.mx'));
    expect(result.current.data).toEqual({ name: '', email: 'ana@x.mx', remember: false });
    act(() => result.current.setError('email', 'Correo electrónico inválido'));
    expect(result.current.field('email')).toMatchObject({ value: 'ana@x.mx', error: 'Correo electrónico inválido' });
    expect(result.current.field('name').error).toBeUndefined();
  });

  it('sets and clears errors', () => {
    const { result } = renderHook(() => useForm({ name: '', email: '' }));
    act(() => result.current.setError('name', 'El nombre es obligatorio'));
    act(() => result.current.setError({ email: 'Correo electrónico inválido' }));
    expect(result.current.errors).toEqual({ name: 'El nombre es obligatorio', email: 'Correo electrónico inválido' });
    expect(result.current.hasErrors).toBe(true);
    act(() => result.current.clearErrors('name'));
    expect(result.current.errors).toEqual({ email: 'Correo electrónico inválido' });
    act(() => result.current.clearErrors());
    expect(result.current.hasErrors).toBe(false);
  });
});

describe('useForm submit', () => {
  it('sends JSON through the one client, trimmed, and reports success and progress', async () => {
    answer(200, { route: 'index' });
    const { result } = renderHook(() => useForm({ email: '  ana@x.mx ', password: ' secreto ' }, { trim: ['email'] }));
    let data: unknown;
    await act(async () => {
      data = (await result.current.submit('post', '/login')).data;
    });
    expect(data).toEqual({ route: 'index' });
    expect(sent()[0]?.method).toBe('POST');
    expect(sent()[0]?.json).toEqual({ email: 'ana@x.mx', password: ' secreto ' });
    expect(sent()[0]?.headers['X-CSRF-TOKEN']).toBe('t');
    expect(result.current.wasSuccessful).toBe(true);
    expect(result.current.processing).toBe(false);
    expect(result.current.progress).toBeNull();
  });

  it('trims every text field with trim: true', async () => {
    answer(200);
    const { result } = renderHook(() => useForm({ a: ' x ', b: ' y ', n: 3 }, { trim: true }));
    await act(async () => void (await result.current.submit('put', '/x')));
    expect(sent()[0]?.method).toBe('PUT');
    expect(sent()[0]?.json).toEqual({ a: 'x', b: 'y', n: 3 });
  });

  it('is processing while in flight and follows upload progress', async () => {
    let release: () => void = () => {};
    const seen: (number | null)[] = [];
    network.respondWith(async (request) => {
      request.onUploadProgress?.({ loaded: 25, total: 100 });
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, data: {} };
    });
    const { result } = renderHook(() => useForm({ a: '' }));
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.submit('post', '/x');
    });
    await vi.waitFor(() => expect(result.current.progress).toBe(25));
    seen.push(result.current.progress);
    expect(result.current.processing).toBe(true);
    await act(async () => {
      release();
      await done;
    });
    expect(result.current.processing).toBe(false);
    expect(seen).toEqual([25]);
  });

  it('sends what transform returns', async () => {
    answer(200);
    const { result } = renderHook(() => useForm({ user: 'ana', password: 'x' }));
    act(() => result.current.transform((data) => ({ username: data.user, password: data.password, remember: false })));
    await act(async () => void (await result.current.submit('post', '/login')));
    expect(sent()[0]?.json).toEqual({ username: 'ana', password: 'x', remember: false });
  });

  it('sends multipart when a file is present: files as field[], objects and arrays as JSON', async () => {
    answer(200);
    const file = new File(['hola'], 'a.txt', { type: 'text/plain' });
    const { result } = renderHook(() =>
      useForm({ name: 'Ana', photos: [file], tags: ['a', 'b'], meta: { x: 1 }, ok: true, empty: null }),
    );
    await act(async () => void (await result.current.submit('post', '/subir')));
    const body = sent()[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.getAll('photos[]')).toHaveLength(1);
    expect(body.get('tags')).toBe('["a","b"]');
    expect(body.get('meta')).toBe('{"x":1}');
    expect(body.get('name')).toBe('Ana');
    expect(body.get('ok')).toBe('1');
    expect(body.has('empty')).toBe(false);
  });

  it('takes the first message of each known field from a 422 and rejects', async () => {
    answer(422, { message: 'x', errors: { email: ['Correo electrónico inválido', 'otro'], token: ['Caducó'] } });
    const onError = vi.fn();
    const { result } = renderHook(() => useForm({ email: '' }));
    await act(async () => {
      await expect(result.current.submit('post', '/x', { onError })).rejects.toBeInstanceOf(AxiosError);
    });
    expect(result.current.errors).toEqual({ email: 'Correo electrónico inválido' });
    expect(result.current.hasErrors).toBe(true);
    expect(result.current.wasSuccessful).toBe(false);
    expect(onError).toHaveBeenCalledOnce();
    expect(result.current.hasField('email')).toBe(true);
    expect(result.current.hasField('token')).toBe(false);
  });

  it('puts the message of an aliased server field on the form field it names', async () => {
    answer(422, {
      message: 'x',
      errors: { username: ['Estas credenciales no coinciden con nuestros registros'], token: ['Caducó'] },
    });
    const { result } = renderHook(() => useForm({ email: '', password: '' }, { aliases: { username: 'email' } }));
    await act(async () => {
      await expect(result.current.submit('post', '/x')).rejects.toBeInstanceOf(AxiosError);
    });
    expect(result.current.errors).toEqual({ email: 'Estas credenciales no coinciden con nuestros registros' });
    expect(result.current.hasField('username')).toBe(true);
    expect(result.current.hasField('token')).toBe(false);
  });

  it("drops the last attempt's field messages when the next one fails for another reason (a 429 after a 422)", async () => {
    answer(422, { message: 'x', errors: { email: ['Estas credenciales no coinciden con nuestros registros'] } });
    const { result } = renderHook(() => useForm({ email: '' }));
    await act(async () => {
      await expect(result.current.submit('post', '/x')).rejects.toBeInstanceOf(AxiosError);
    });
    expect(result.current.errors).toEqual({ email: 'Estas credenciales no coinciden con nuestros registros' });
    answer(429, { message: 'Demasiados intentos, espera un minuto' });
    await act(async () => {
      await expect(result.current.submit('post', '/x')).rejects.toBeInstanceOf(AxiosError);
    });
    expect(result.current.errors).toEqual({});
  });

  it('clears the errors after a success and calls onSuccess and onFinish', async () => {
    const { result } = renderHook(() => useForm({ email: '' }));
    act(() => result.current.setError('email', 'mal'));
    answer(201, { message: 'ok' });
    const onSuccess = vi.fn();
    const onFinish = vi.fn();
    await act(async () => void (await result.current.submit('post', '/x', { onSuccess, onFinish })));
    expect(result.current.errors).toEqual({});
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ status: 201 }));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('keeps recentlySuccessful for 2000 ms only', async () => {
    vi.useFakeTimers();
    answer(200);
    const { result } = renderHook(() => useForm({ a: '' }));
    await act(async () => void (await result.current.submit('post', '/x')));
    expect(result.current.recentlySuccessful).toBe(true);
    act(() => vi.advanceTimersByTime(recentlySuccessfulMs - 1));
    expect(result.current.recentlySuccessful).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.recentlySuccessful).toBe(false);
    expect(result.current.wasSuccessful).toBe(true);
  });
});
