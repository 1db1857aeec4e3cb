import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { campaignKit } from '@gota/shared/contracts';
import { testApp as fullTestApp } from '../../testing/test-app';

/** The app alone at http://sitio.test (the address the expected links use), over the test settings with these overrides. */
const testApp = (env: Record<string, string> = {}) => fullTestApp({ env: { APP_URL: 'http://sitio.test', ...env } }).app;

describe('GET the campaign kit', () => {
  it('answers a zip to save under its real name', async () => {
    const res = await testApp().request(campaignKit.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${campaignKit.fileName}"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const names = Object.keys(unzipSync(bytes));
    expect(names).toContain('manual-de-uso-un-latido-en-cada-gota/manual-de-uso.html');
    expect(names.some((name) => name.endsWith('water-finger-heart-azul.svg'))).toBe(true);
  });

  it('passes the pages their allies and members', async () => {
    const app = testApp();
    const get = async (url: string) =>
      (await (await app.request(url, { headers: { 'X-Inertia': 'true' } })).json()) as { props: Record<string, unknown[]> };
    expect((await get('/aliados')).props.allies?.length).toBeGreaterThan(19);
    expect((await get('/')).props.allies?.length).toBeGreaterThan(19);
    expect((await get('/datos-agua')).props.members).toHaveLength(16);
  });
});
