/**
 * One map from each page component to the props it is given (issue #44 item 4, decision 068): the API's `c.var.page`
 * takes a page's props from it, and each page's component takes them from it too, so a prop renamed on one side and
 * not on the other fails the typecheck. The list of pages is the route table's (`PageComponent`); a page it names with
 * no entry here fails the typecheck as well (`PagePropsOf` indexes this map with every name of that list).
 */
import type { Ally, AllyBrand, Member } from '../schemas/allies';
import type { PageComponent } from '../routes/pages';
import type { AlliesPageProps, ContentSetPageProps, ImpactCounter, PageTextsPageProps } from './content-sets';
import type { AboutTexts, CampaignTexts, ManifestoTexts, Story, StorySummary, WaterFact } from './content';
import type { PublicKit } from './downloads';
import type { InboxPageProps, LeadPageProps } from './inbox';
import type { FormPageProps, PageProps } from './page';
import type { VersionesPageProps } from './releases';
import type { SearchPageProps } from './search';
import type { SegundoPasoPageProps, SeguridadPageProps } from './second-factor';
import type { HistoriaPageProps, HistoriasPageProps } from './stories-admin';
import type { EquipoPageProps, GuiaPageProps, InvitacionPageProps, SesionesPageProps } from './team';

/** A page that reads nothing but the props every page carries. */
type NoOwnProps = Record<never, never>;

/** An account page's form, which also works without JavaScript (decision 043): where to go after signing in. */
interface ReturnTo {
  returnTo?: string | null;
}

/** Each page's own props, besides those every page carries (`SharedProps`). */
export interface PagePropsMap {
  Index: { latestStories?: StorySummary[]; allies?: AllyBrand[]; counters?: ImpactCounter[] };
  Blog: { stories?: StorySummary[]; facts?: WaterFact[] };
  Post: { story: Story; popular?: StorySummary[] };
  Buscar: SearchPageProps;
  Aliados: { allies?: Ally[] };
  QuienesSomos: { texts: AboutTexts };
  Descargas: { texts: CampaignTexts; kit?: PublicKit };
  DatosAgua: { texts: ManifestoTexts; members?: Member[]; facts?: WaterFact[] };
  'Auth/Login': ReturnTo & FormPageProps;
  'Auth/RecuperarContrasena': FormPageProps;
  'Auth/Registro': ReturnTo & FormPageProps;
  'Auth/ResetearContrasena': { token: string } & FormPageProps;
  'Auth/SegundoPaso': SegundoPasoPageProps & Pick<FormPageProps, 'values'>;
  'Auth/Invitacion': InvitacionPageProps;
  'Panel/Bandeja': InboxPageProps;
  'Panel/Mensaje': LeadPageProps;
  'Panel/SinAcceso': NoOwnProps;
  'Panel/Versiones': VersionesPageProps;
  'Panel/Historias': HistoriasPageProps;
  'Panel/Historia': HistoriaPageProps;
  'Panel/Datos': ContentSetPageProps<'datos'>;
  'Panel/Contadores': ContentSetPageProps<'contadores'>;
  'Panel/Textos': PageTextsPageProps;
  'Panel/Descargas': ContentSetPageProps<'descargas'>;
  'Panel/Aliados': AlliesPageProps;
  'Panel/Equipo': EquipoPageProps;
  'Panel/Guia': GuiaPageProps;
  'Panel/Sesiones': SesionesPageProps;
  'Panel/Seguridad': SeguridadPageProps;
  // the shell's own pages
  NotFound: NoOwnProps;
  Error: { message: string };
  Example: NoOwnProps;
}

/**
 * The props page `K` is rendered with: its own and those every page carries.
 *
 * @example
 * export function BlogPage({ stories = [] }: PagePropsOf<'Blog'>) { … }
 */
export type PagePropsOf<K extends PageComponent> = PageProps<PagePropsMap[K]>;
