import './zod-setup';
import { z } from 'zod';
import { defaultAllyButton } from '../contracts/allies';

const logoPath = (folder: string) =>
  z.string().regex(new RegExp(`^/img/${folder}/[\\w.-]+\\.(svg|png|jpe?g|webp)$`), `Debe ser una imagen bajo /img/${folder}/`);

/**
 * An ally (product §3 "Ally"), kept in api/content/allies.json. `text` is plain text whose line breaks ("\n") are shown
 * as line breaks: no HTML travels to the page, so nothing needs sanitizing and nothing can be injected.
 */
export const AllySchema = z.object({
  empresa: z.string().trim().min(1, 'El nombre de la empresa es obligatorio'),
  /** Logo, drawn at the 400:286 aspect of product §9. */
  img: logoPath('aliados'),
  /** Optional image for the popup. */
  img2: logoPath('aliados').optional(),
  cover: z.literal(false).default(false),
  text: z.string().trim().min(1, 'La descripción es obligatoria'),
  link: z.url({ protocol: /^https$/, error: 'El enlace debe ser una URL https' }),
  textBtn: z.string().trim().min(1).max(40, 'El texto del botón no debe pasar de 40 caracteres').default(defaultAllyButton),
});
export type Ally = z.infer<typeof AllySchema>;
/** What the home page's strip shows of an ally: its name and logo (its description stays on the Aliados page). */
export type AllyBrand = Pick<Ally, 'empresa' | 'img'>;

/** A member organisation of the DatosAgua grid (product §3 "Member"), kept in api/content/members.json. */
export const MemberSchema = z.object({
  logo: logoPath('miembros'),
  name: z.string().trim().min(1, 'El nombre del miembro es obligatorio'),
});
export type Member = z.infer<typeof MemberSchema>;
