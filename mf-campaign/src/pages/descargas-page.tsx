import { campaignKit, type PageProps } from '@gota/shared/contracts';
import { Button, ScrollReveal } from '@gota/shared/ui';
import { HeartMark } from '../features/heart-mark/heart-mark';
import styles from './page.module.css';

/** The three colour versions of the symbol, as they come in the kit. */
const variants = [
  { file: 'wfh-azul.svg', caption: 'Azul gota', alt: 'Versión azul gota, para fondos claros' },
  { file: 'wfh-blanco.svg', caption: 'Blanco sobre azul', alt: 'Versión blanca sobre azul gota' },
  { file: 'wfh-magenta.svg', caption: 'Magenta latido', alt: 'Versión magenta latido, para fondos oscuros' },
];

/** Downloads (product §2 "Downloads"): banner, description, the visual code, free use and the usage-manual archive. */
export function DescargasPage(_props: PageProps) {
  return (
    <div className={styles.page}>
      <header className={`${styles.hero} ${styles.heroBand}`}>
        <HeartMark className={styles.heroImage} />
        <h1 className={styles.heroTitle}>Un latido en cada gota</h1>
        <p className={styles.heroLead}>La campaña de Gota a Gota que convierte un gesto de las manos en un compromiso con el agua.</p>
      </header>

      <ScrollReveal as="section" className={styles.section} aria-labelledby="campana">
        <h2 id="campana" className={styles.sectionTitle}>
          La campaña
        </h2>
        <p className={styles.text}>
          «Un latido en cada gota» nace de una idea sencilla: lo que queremos, lo cuidamos. Invitamos a jóvenes, familias,
          escuelas y empresas a hacer con sus manos un corazón y a imaginar una gota en su centro. Cada vez que alguien
          comparte ese gesto, recuerda que el agua que usamos hoy es la que tendremos mañana.
        </p>
        <p className={styles.text}>
          La campaña vive en redes sociales, en aulas y en oficinas. No pide dinero ni registros: pide atención, pequeños
          cambios de hábito y ganas de contagiar a otros.
        </p>
      </ScrollReveal>

      <ScrollReveal as="section" className={styles.section} aria-labelledby="codigo-visual">
        <h2 id="codigo-visual" className={styles.sectionTitle}>
          Código visual: el «water finger heart»
        </h2>
        <p className={styles.text}>
          Dos trazos redondeados, como los dedos índice y pulgar de ambas manos, dibujan un corazón; en el centro, una
          gota. Es el símbolo de la campaña y se usa siempre completo, sin separar la gota del corazón.
        </p>
        <p className={styles.text}>
          Tiene tres versiones de color —azul gota, blanco sobre azul y magenta latido para fondos oscuros— y un margen
          libre a su alrededor del ancho de la gota. El manual explica sus usos correctos y los que hay que evitar.
        </p>
        <ul className={styles.variants}>
          {variants.map((variant) => (
            <li key={variant.file}>
              <img src={`/img/campana/${variant.file}`} alt={variant.alt} width={240} height={240} loading="lazy" decoding="async" />
              <span aria-hidden="true">{variant.caption}</span>
            </li>
          ))}
        </ul>
      </ScrollReveal>

      <ScrollReveal as="section" className={`${styles.section} ${styles.band}`} aria-labelledby="uso-libre">
        <h2 id="uso-libre" className={styles.sectionTitle}>
          De uso libre
        </h2>
        <p className={styles.text}>
          El símbolo, el logotipo y el manual son de uso libre y gratuito para fines informativos, educativos y de
          sensibilización. No necesitas pedir permiso: descárgalos, úsalos en tus publicaciones y menciona a Gota a Gota.
          Solo te pedimos no usarlos para vender productos ni para sugerir que el movimiento respalda una marca.
        </p>
        <Button shape="pill" variant="filled" className={styles.action} href={campaignKit.path} download={campaignKit.fileName} aria-describedby="descarga-detalle">
          DESCARGAR
        </Button>
        <p id="descarga-detalle" className={styles.note}>
          Manual de uso y código visual en un archivo ZIP (SVG y HTML, menos de 10 KB).
        </p>
      </ScrollReveal>
    </div>
  );
}

export default DescargasPage;
