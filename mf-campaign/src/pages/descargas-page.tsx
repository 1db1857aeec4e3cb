import { campaignKit, fileSizeLabel, kitFileKinds, type PagePropsOf } from '@gota/shared/contracts';
import { Button, ScrollReveal } from '@gota/shared/ui';
import type { ReactNode } from 'react';
import { HeartMark } from '../features/heart-mark/heart-mark';
import { Paragraphs } from './paragraphs';
import styles from './page.module.css';

/** The three colour versions of the symbol, as they come in the kit. */
const variants = [
  { file: 'wfh-azul.svg', caption: 'Azul gota', alt: 'Versión azul gota, para fondos claros' },
  { file: 'wfh-blanco.svg', caption: 'Blanco sobre azul', alt: 'Versión blanca sobre azul gota' },
  { file: 'wfh-magenta.svg', caption: 'Magenta latido', alt: 'Versión magenta latido, para fondos oscuros' },
];

/** A section of the page: its title (what `id` names for the section's label), its paragraphs, then what follows them. */
function TextSection({
  id,
  text,
  className = styles.section,
  children,
}: {
  id: string;
  text: { title: string; paragraphs: string[] };
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ScrollReveal as="section" className={className} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {text.title}
      </h2>
      <Paragraphs paragraphs={text.paragraphs} className={styles.text} />
      {children}
    </ScrollReveal>
  );
}

/**
 * Downloads (product §2 "Downloads"): banner, description, the visual code, free use, the kit's files one by one and
 * all of them in one ZIP. The prose comes from api/content/page-texts.json (decision 042); the kit's files are the
 * panel's (decision 061), until the database is read the prebuilt archive alone.
 */
export function DescargasPage({ texts, kit = { files: [], archive: null } }: PagePropsOf<'Descargas'>) {
  return (
    <div className={styles.page}>
      <header className={`${styles.hero} ${styles.heroBand}`}>
        <HeartMark className={styles.heroImage} />
        <h1 className={styles.heroTitle}>{texts.hero.title}</h1>
        <p className={styles.heroLead}>{texts.hero.lead}</p>
      </header>

      <TextSection id="campana" text={texts.campaign} />

      <TextSection id="codigo-visual" text={texts.visualCode}>
        <ul className={styles.variants}>
          {variants.map((variant) => (
            <li key={variant.file}>
              <img
                src={`/img/campana/${variant.file}`}
                alt={variant.alt}
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
              />
              <span aria-hidden="true">{variant.caption}</span>
            </li>
          ))}
        </ul>
      </TextSection>

      <TextSection id="uso-libre" text={texts.freeUse} className={`${styles.section} ${styles.band}`}>
        <Button
          shape="pill"
          variant="filled"
          className={styles.action}
          href={kit.archive?.url ?? campaignKit.path}
          download={campaignKit.fileName}
          aria-describedby="descarga-detalle"
        >
          DESCARGAR
        </Button>
        <p id="descarga-detalle" className={styles.note}>
          {kit.archive
            ? `Todos los archivos del kit en un ZIP (${fileSizeLabel(kit.archive.size)}).`
            : 'Manual de uso y código visual en un archivo ZIP.'}
        </p>
        {kit.files.length > 0 && (
          <>
            <h3 className={styles.kitTitle}>Cada archivo por separado</h3>
            <ul className={styles.kitFiles}>
              {kit.files.map((file) => (
                <li key={file.url} className={styles.kitFile}>
                  <a href={file.url} download={file.name.slice(file.name.lastIndexOf('/') + 1)}>
                    {file.title}
                  </a>
                  <span className={styles.note}>
                    {' '}
                    ({kitFileKinds[file.kind].label}, {fileSizeLabel(file.size)})
                  </span>
                  {file.description && <p className={styles.note}>{file.description}</p>}
                </li>
              ))}
            </ul>
          </>
        )}
      </TextSection>
    </div>
  );
}

export default DescargasPage;
