import { useSiteStore } from '@gota/shared/store';
import { privacyNotice } from './privacy-notice';
import { SiteDialog } from './site-dialog';
import styles from './privacy-dialog.module.css';

/** The privacy notice (product §2), opened by 'Aviso de privacidad' in the footer. */
export function PrivacyDialog() {
  const open = useSiteStore((state) => state.privacyDialog);
  const setPrivacyDialog = useSiteStore((state) => state.setPrivacyDialog);

  return (
    <SiteDialog
      open={open}
      onOpenChange={setPrivacyDialog}
      title="Aviso de privacidad"
      description={`Cómo ${privacyNotice.responsible} trata tus datos personales y cómo puedes ejercer tus derechos.`}
      maxWidth={900}
    >
      <article className={styles.notice}>
        <p>{privacyNotice.intro}</p>
        {privacyNotice.sections.map((section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            )}
            {section.closing?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p className={styles.updated}>Última actualización: {privacyNotice.updated}.</p>
      </article>
    </SiteDialog>
  );
}
