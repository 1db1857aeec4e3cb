import { describe, expect, it } from 'vitest';
import { failedFile } from './load-reports';

const manifest = 'https://cdn.ejemplo.mx/mf-stories/2026-11-26/mf-manifest.json';

describe('failedFile', () => {
  it("takes a chunk error's request, or the first address of the remote's folder in the message", () => {
    const chunk = Object.assign(new Error('Loading chunk 512 failed.'), {
      request: 'https://cdn.ejemplo.mx/mf-stories/2026-11-26/512.js',
    });
    expect(failedFile(chunk, manifest)).toBe('https://cdn.ejemplo.mx/mf-stories/2026-11-26/512.js');
    const runtime = new Error(
      '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"url":"https://cdn.ejemplo.mx/mf-stories/2026-11-26/remoteEntry.js"} https://module-federation.io/guide/troubleshooting/runtime/RUNTIME-008',
    );
    expect(failedFile(runtime, manifest)).toBe('https://cdn.ejemplo.mx/mf-stories/2026-11-26/remoteEntry.js');
  });

  it('names no file of another folder or origin, and reads a root-relative manifest against the page', () => {
    expect(failedFile(new Error('see https://module-federation.io/guide/x'), manifest)).toBeUndefined();
    expect(failedFile(new Error('(missing: https://cdn.ejemplo.mx/mf-stories/2026-11-20/1.js)'), manifest)).toBeUndefined();
    expect(failedFile(null, manifest)).toBeUndefined();
    expect(
      failedFile(
        new Error('Loading chunk 7 failed. (missing: https://gotaagota.mx/mf/mf-home/7.js)'),
        '/mf/mf-home/mf-manifest.json',
        'https://gotaagota.mx/historias',
      ),
    ).toBe('https://gotaagota.mx/mf/mf-home/7.js');
  });
});
