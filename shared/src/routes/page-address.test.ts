import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address';

describe('pageAddress', () => {
  it('drops every parameter of a page that reads none', () => {
    expect(pageAddress('/')).toBe('/');
    expect(pageAddress('/?fbclid=IwAR0abc')).toBe('/');
    expect(pageAddress('/?utm_source=tv&utm_medium=spot&utm_campaign=agua')).toBe('/');
    expect(pageAddress('/historias/un-latido-en-cada-gota?gclid=x&mc_eid=y&cualquier=cosa')).toBe(
      '/historias/un-latido-en-cada-gota',
    );
    expect(pageAddress('/aliados?')).toBe('/aliados');
    // whatever the names look like: the page reads none of them
    expect(pageAddress('/?Q=1&%71=2&sin-igual')).toBe('/');
  });

  it('keeps the parameters a page reads, by their first value, in one order', () => {
    expect(pageAddress('/buscar?q=agua')).toBe('/buscar?q=agua');
    expect(pageAddress('/buscar?q=agua&fbclid=x&pagina=2')).toBe('/buscar?q=agua&pagina=2');
    expect(pageAddress('/buscar?pagina=2&utm_source=y&q=agua')).toBe('/buscar?q=agua&pagina=2');
    expect(pageAddress('/buscar?q=agua&q=lluvia')).toBe('/buscar?q=agua');
    expect(pageAddress('/buscar?q=')).toBe('/buscar?q=');
    expect(pageAddress('/buscar?fbclid=x')).toBe('/buscar');
    expect(pageAddress('/login?volver=%2Fpanel%3Fq%3Dx&utm_source=correo')).toBe('/login?volver=%2Fpanel%3Fq%3Dx');
    expect(pageAddress('/panel?estado=nuevo&gclid=1&q=pozo')).toBe('/panel?q=pozo&estado=nuevo');
    expect(pageAddress('/panel/mensajes/0a1b?volver=%2Fpanel&fbclid=2')).toBe('/panel/mensajes/0a1b?volver=%2Fpanel');
    // a trailing slash or capitals may still reach a route that reads: when in doubt, its parameters are kept
    expect(pageAddress('/BUSCAR/?q=agua&fbclid=x')).toBe('/BUSCAR/?q=agua');
  });

  it('keeps the whole query where the server and a proxy could read it differently', () => {
    // names nginx's $arg_ matches without case, or that the server decodes, or without '='
    for (const query of ['Q=agua', '%71=agua', 'q&q=agua', 'q=agua&&x=1', 'q=a&utm+source=1', '&q=a']) {
      expect(pageAddress(`/buscar?${query}`), query).toBe(`/buscar?${query}`);
    }
    // paths a router may decode or resolve into another route
    for (const path of ['/busca%72', '/x/../buscar', '//buscar', '/./buscar', '/panel\\x']) {
      expect(pageAddress(`${path}?q=agua&fbclid=1`), path).toBe(`${path}?q=agua&fbclid=1`);
    }
  });
});
