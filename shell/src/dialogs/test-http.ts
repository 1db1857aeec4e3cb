// Helpers for the dialogs' tests only: answers the one http client without a server.
import { AxiosError, http } from '@gota/shared/http';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

const original = http.defaults.adapter;
export const sent: { url?: string; body: unknown }[] = [];

/** Answers every request with this status, body and headers (an error for 4xx/5xx, like the real client). */
export function answer(status: number, data: unknown = {}, headers: Record<string, string> = {}): void {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    sent.push({ url: config.url, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data });
    const response = { data, status, statusText: '', headers, config };
    if (status >= 400) throw new AxiosError(String(status), 'ERR_BAD_REQUEST', config, null, response);
    return response;
  }) as AxiosAdapter;
}

export function restoreHttp(): void {
  http.defaults.adapter = original;
  sent.length = 0;
}
