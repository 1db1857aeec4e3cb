import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaTooLargeMessage, type MediaImage } from '@gota/shared/contracts';
import { fakeHttp, type FakeHttp } from '@gota/shared/testing';
import { ImageField } from './image-field';

const id = '0b8f1c1e-7d7a-4c55-9a43-2f4e1a0c9d11';
const url = (name: string) => `/media/${id}/${name}`;
const photo: MediaImage = {
  id,
  width: 1600,
  height: 1200,
  alt: null,
  decorative: false,
  focal: { x: 0.5, y: 0.5 },
  variants: [
    { role: 'full', format: 'webp', width: 480, height: 360, bytes: 1, url: url('full-480.aaaaaaaaaaaa.webp') },
    { role: 'full', format: 'webp', width: 768, height: 576, bytes: 1, url: url('full-768.bbbbbbbbbbbb.webp') },
    { role: 'full', format: 'jpeg', width: 1200, height: 900, bytes: 1, url: url('full-1200.cccccccccccc.jpeg') },
  ],
};

let network: FakeHttp;
beforeEach(() => {
  network = fakeHttp();
});
afterEach(() => network.restore());

/** The field as the editor holds it: the story's address and its alt text. */
function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const [alt, setAlt] = useState('');
  return (
    <>
      <ImageField
        id="historia-img"
        label="Imagen principal"
        value={value}
        onValueChange={setValue}
        alt={{ id: 'historia-alt', value: alt, onValueChange: setAlt }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const jpeg = (bytes = 10) => new File([new Uint8Array(bytes)], 'escuela.jpg', { type: 'image/jpeg' });
const pickerOf = () => document.querySelector<HTMLInputElement>('#historia-img')!;

describe('the photo field', () => {
  it('uploads the chosen photo, keeps its uncropped JPEG as the story’s address, and asks for its alt text', async () => {
    const user = userEvent.setup();
    network.reply({ status: 201, data: photo });
    render(<Field />);
    expect(screen.getByRole('button', { name: 'Elegir una foto (Imagen principal)' })).toBeInTheDocument();
    await user.upload(pickerOf(), jpeg());
    expect(network.sent[0]).toMatchObject({ method: 'POST', url: '/api/media' });
    expect((network.sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByTestId('value')).toHaveTextContent(url('full-1200.cccccccccccc.jpeg'));
    expect(screen.getByRole('textbox', { name: /^Texto alternativo de la foto/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Decorativa/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cambiar foto (Imagen principal)' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in its own words under the field', async () => {
    const user = userEvent.setup();
    const refusal = 'Ese archivo no es una foto: sube un JPEG, PNG, WebP o AVIF.';
    network.reply({ status: 415, data: { message: refusal, errors: { file: [refusal] } } });
    render(<Field />);
    await user.upload(pickerOf(), jpeg());
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Foto: Imagen principal' })).toHaveTextContent(`No se pudo: ${refusal}`);
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('refuses a file over the limit at once, without sending it', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const heavy = jpeg(1);
    Object.defineProperty(heavy, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(pickerOf(), heavy);
    expect(await screen.findByText(mediaTooLargeMessage)).toBeInTheDocument();
    expect(network.sent).toEqual([]);
  });

  it('moves the focal point with the arrow keys and saves it once it rests', async () => {
    const user = userEvent.setup();
    network.reply({ status: 200, data: photo }, { status: 200, data: { ...photo, focal: { x: 0.6, y: 0.45 } } });
    render(<Field initial={url('full-1200.cccccccccccc.jpeg')} />);
    const point = await screen.findByRole('button', { name: /^Punto focal: 50 % desde la izquierda, 50 % desde arriba/ });
    point.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(point).toHaveAccessibleName(/^Punto focal: 60 % desde la izquierda, 45 % desde arriba/);
    // one save, once the point rests, with where it came to rest
    await waitFor(() => expect(network.sent.filter((request) => request.method === 'PATCH')).toHaveLength(1), { timeout: 3000 });
    expect(network.sent.at(-1)).toMatchObject({ method: 'PATCH', url: `/api/media/${id}`, json: { focal: { x: 0.6, y: 0.45 } } });
    expect(await screen.findByText(/Punto focal guardado: 60 %/)).toBeInTheDocument();
  });
});
