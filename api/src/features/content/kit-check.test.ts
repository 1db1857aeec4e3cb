import { describe, expect, it } from 'vitest';
import { kitFileKind, kitFileMessages, KitRefusal } from './kit-check';

const refusal = (bytes: Uint8Array) => {
  try {
    kitFileKind(bytes);
  } catch (error) {
    return error instanceof KitRefusal ? { status: error.status, message: error.message } : error;
  }
  return null;
};
const text = (value: string) => new TextEncoder().encode(value);

describe('kitFileKind', () => {
  it('tells the kinds the kit takes by their bytes', () => {
    expect(kitFileKind(text('%PDF-1.7\n…'))).toBe('pdf');
    expect(kitFileKind(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(kitFileKind(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(kitFileKind(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(kitFileKind(text('\uFEFF<svg viewBox="0 0 1 1"/>'))).toBe('svg');
    expect(kitFileKind(text('<!DOCTYPE html><html lang="es"></html>'))).toBe('html');
    expect(kitFileKind(text('Léeme: abre el manual.\r\n'))).toBe('txt');
  });

  it('refuses programs whatever their name, archives, markup it does not know and binary data', () => {
    for (const program of ['7f454c460201', '4d5a90000300', 'cffaedfe0700', 'feedfacf0700', 'cafebabe0000', '0061736d0100']) {
      expect(refusal(Buffer.from(program, 'hex'))).toEqual({ status: 415, message: kitFileMessages.executable });
    }
    expect(refusal(text('#!/usr/bin/env node\nconsole.log(1)'))).toEqual({ status: 415, message: kitFileMessages.executable });
    expect(refusal(text('\n  #!/bin/sh'))).toEqual({ status: 415, message: kitFileMessages.executable });
    expect(refusal(Buffer.from('504b0304140000', 'hex'))).toEqual({ status: 415, message: kitFileMessages.archive });
    expect(refusal(text('<script>alert(1)</script>'))).toEqual({ status: 415, message: kitFileMessages.unknown });
    expect(refusal(Buffer.from([0x00, 0x10, 0xff]))).toEqual({ status: 415, message: kitFileMessages.unknown });
    expect(refusal(new Uint8Array())).toEqual({ status: 422, message: kitFileMessages.empty });
  });
});
