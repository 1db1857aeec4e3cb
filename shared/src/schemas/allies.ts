import './zod-setup';
import { z } from 'zod';
import { querySchema, queryText } from './query';
import { defaultAllyButton } from '../contracts/allies';
import { allySections, contentSetLimits, type AllySection } from '../contracts/content-sets';

/** An uploaded logo's file (decision 060): the `full` WebP the image pipeline made of it (decision 050). */
const uploadedLogo = /^\/media\/[0-9a-f-]{36}\/full-\d{1,5}\.[0-9a-f]{12}\.(webp|avif|jpeg)$/;

const logoPath = (folder: string) =>
  z
    .string()
    .refine(
      (value) => new RegExp(`^/img/${folder}/[\\w.-]+\\.(svg|png|jpe?g|webp)$`).test(value) || uploadedLogo.test(value),
      `Debe ser una imagen bajo /img/${folder}/ o un logotipo subido desde el panel`,
    );

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

export const allyMessages = {
  name: 'Escribe el nombre de la organización.',
  nameLong: `El nombre no debe pasar de ${contentSetLimits.allyName} caracteres.`,
  logo: 'Sube el logotipo de la organización.',
  text: 'Escribe la descripción que se ve al abrir su logotipo en /aliados.',
  textLong: `La descripción no debe pasar de ${contentSetLimits.allyText} caracteres.`,
  link: 'El enlace debe ser una dirección https completa, como https://empresa.mx.',
  linkMissing: 'Escribe el enlace a su sitio (https://…).',
  button: `El texto del botón no debe pasar de ${contentSetLimits.allyButton} caracteres.`,
  section: 'Elige la sección: Aliados o Miembros.',
  repeated: (section: AllySection) => `Ya hay una organización con este nombre en ${allySections[section]}.`,
  oneVisible: 'Deja al menos un aliado visible: la página /aliados no puede quedar vacía.',
  tooMany: `Caben hasta ${contentSetLimits.allies} organizaciones.`,
} as const;

const anyLogo = z
  .string({ error: allyMessages.logo })
  .min(1, allyMessages.logo)
  .refine(
    (value) => /^\/img\/(aliados|miembros)\/[\w.-]+\.(svg|png|jpe?g|webp)$/.test(value) || uploadedLogo.test(value),
    allyMessages.logo,
  );

/** An ally or a member as the panel saves it: an ally needs its description and link, a member its name and logo. */
export const EditableAllySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Falta el identificador de la fila: vuelve a cargar la página.'),
    seccion: z.enum(Object.keys(allySections) as [AllySection, ...AllySection[]], { error: allyMessages.section }),
    empresa: z
      .string({ error: allyMessages.name })
      .trim()
      .min(1, allyMessages.name)
      .max(contentSetLimits.allyName, allyMessages.nameLong),
    img: anyLogo,
    img2: anyLogo.optional(),
    text: z.string().trim().max(contentSetLimits.allyText, allyMessages.textLong),
    link: z
      .string()
      .trim()
      .refine((value) => value === '' || z.url({ protocol: /^https$/ }).safeParse(value).success, allyMessages.link),
    textBtn: z.string().trim().max(contentSetLimits.allyButton, allyMessages.button),
    visible: z.boolean({ error: 'Indica si se muestra.' }),
  })
  .superRefine((ally, ctx) => {
    if (ally.seccion !== 'aliados') return;
    if (ally.text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: allyMessages.text });
    if (ally.link === '') ctx.addIssue({ code: 'custom', path: ['link'], message: allyMessages.linkMissing });
  });

/**
 * The allies and members as the panel saves them: the whole list in order, with the version it was read at; `desde`
 * when the save turns a lead of the inbox into one of them («Convertir en aliado»).
 */
export const AlliesSaveSchema = z
  .object({
    items: z
      .array(EditableAllySchema)
      .max(contentSetLimits.allies, allyMessages.tooMany)
      .superRefine((items, ctx) => {
        if (!items.some((item) => item.seccion === 'aliados' && item.visible))
          ctx.addIssue({ code: 'custom', message: allyMessages.oneVisible });
        const seen = new Set<string>();
        const ids = new Set<string>();
        items.forEach((item, index) => {
          const key = `${item.seccion}:${item.empresa.toLocaleLowerCase('es')}`;
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [index, 'empresa'], message: allyMessages.repeated(item.seccion) });
          if (ids.has(item.id))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'id'],
              message: 'Dos filas tienen el mismo identificador: vuelve a cargar la página.',
            });
          seen.add(key);
          ids.add(item.id);
        });
      }),
    version: z.number({ error: 'Falta la versión que se editó.' }).int().min(0),
    desde: z
      .object({
        lead: z
          .string()
          .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Ese mensaje de la bandeja no existe.'),
        aliado: z.string().regex(/^[a-z0-9-]{1,80}$/),
      })
      .optional(),
  })
  .refine((save) => !save.desde || save.items.some((item) => item.id === save.desde!.aliado), {
    path: ['desde'],
    message: 'El aliado que viene de la bandeja no está en la lista: vuelve a añadirlo.',
  });

/**
 * GET /panel/aliados: `desde`, the lead «Convertir en aliado» comes from (its id), as text; the page checks it is a
 * lead's and ignores it otherwise.
 */
export const AlliesPageQuerySchema = querySchema(z.object({ desde: queryText() }));
