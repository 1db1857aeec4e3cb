/**
 * The privacy notice (aviso de privacidad integral) of product §10.4, under Mexico's Ley Federal de Protección de Datos
 * Personales en Posesión de los Particulares (LFPDPPP). Kept as data so that legal can change the text without touching
 * the dialog. The responsible party, its address and its mailbox are fictional: replace them, and have the text reviewed,
 * before the site goes live (the law was replaced in March 2025).
 */
interface PrivacySection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** Paragraphs after the list. */
  closing?: readonly string[];
}

export interface PrivacyNotice {
  responsible: string;
  updated: string;
  intro: string;
  sections: readonly PrivacySection[];
}

const responsible = 'Grupo Manufacturero Río Claro, S.A. de C.V.';
const address = 'Avenida de los Manantiales 1250, Parque Industrial Valle Verde, C.P. 76246, El Marqués, Querétaro, México';
const mailbox = 'privacidad@rioclaro.example';
const office = 'de lunes a viernes en días hábiles, de 10:00 a 17:00 horas';

export const privacyNotice: PrivacyNotice = {
  responsible,
  updated: 'marzo de 2018',
  intro:
    `${responsible} (en adelante, «Río Claro»), como responsable del tratamiento de los datos personales que se recaban a ` +
    'través del sitio del movimiento Gota a Gota, pone a su disposición el presente aviso de privacidad, en cumplimiento de la ' +
    'Ley Federal de Protección de Datos Personales en Posesión de los Particulares, su Reglamento y los Lineamientos del Aviso ' +
    'de Privacidad.',
  sections: [
    {
      heading: '1. Identidad y domicilio del responsable',
      paragraphs: [
        `${responsible}, con domicilio en ${address}, es responsable del uso y la protección de sus datos personales.`,
        `Para cualquier asunto relacionado con este aviso puede escribir a nuestro Departamento de Datos Personales al correo ` +
          `${mailbox} o acudir a nuestro domicilio ${office}.`,
      ],
    },
    {
      heading: '2. Datos personales que recabamos',
      paragraphs: ['Recabamos los datos que usted nos proporciona directamente al usar los formularios del sitio:'],
      list: [
        'Datos de identificación: nombre y apellido.',
        'Datos de contacto: correo electrónico.',
        'Datos laborales: nombre de la empresa u organización que representa.',
        'El contenido de los mensajes que nos envía.',
        'Si crea una cuenta: nombre, apellido, correo electrónico y contraseña, que guardamos cifrada.',
        'Datos técnicos necesarios para operar el sitio de forma segura: dirección IP, tipo de navegador y fecha y hora de acceso.',
      ],
      closing: ['No solicitamos ni tratamos datos personales sensibles ni datos financieros o patrimoniales.'],
    },
    {
      heading: '3. Finalidades del tratamiento',
      paragraphs: ['Utilizamos sus datos personales para las siguientes finalidades, necesarias para el servicio que solicita:'],
      list: [
        'Atender sus solicitudes de contacto y responder sus mensajes.',
        'Registrar y dar seguimiento a las empresas y organizaciones que desean sumarse al movimiento.',
        'Crear y administrar su cuenta, y permitirle iniciar y cerrar sesión.',
        'Proteger el sitio contra accesos no autorizados, fraudes y abusos.',
      ],
      closing: [
        'De manera adicional, y solo si usted no se opone, utilizaremos su correo para enviarle noticias, campañas e invitaciones ' +
          'del movimiento y para elaborar estadísticas sobre la participación. Estas finalidades secundarias no son necesarias ' +
          `para el servicio: puede negarse a ellas en cualquier momento escribiendo a ${mailbox}, sin que ello afecte la atención ` +
          'de sus solicitudes.',
      ],
    },
    {
      heading: '4. Transferencias y remisiones',
      paragraphs: [
        'No vendemos ni transferimos sus datos personales a terceros sin su consentimiento, salvo en los casos previstos en el ' +
          'artículo 37 de la Ley, como el cumplimiento de un requerimiento de autoridad competente.',
        'Podemos comunicar sus datos a proveedores que nos prestan servicios de alojamiento, correo electrónico y soporte ' +
          'técnico, quienes los tratan únicamente por nuestra cuenta, conforme a nuestras instrucciones y bajo obligaciones de ' +
          'confidencialidad.',
      ],
    },
    {
      heading: '5. Derechos ARCO',
      paragraphs: [
        'Usted tiene derecho a conocer qué datos personales tenemos y para qué los usamos (Acceso); a solicitar su corrección ' +
          'si están desactualizados, son inexactos o incompletos (Rectificación); a pedir que los eliminemos de nuestros ' +
          'registros cuando considere que no se utilizan conforme a la ley (Cancelación), y a oponerse a su uso para fines ' +
          'específicos (Oposición).',
        `Para ejercerlos, envíe una solicitud al correo ${mailbox} o entréguela en nuestro domicilio ${office}. La solicitud ` +
          'debe contener:',
      ],
      list: [
        'Su nombre y un correo electrónico o domicilio para comunicarle la respuesta.',
        'Una copia de su identificación oficial o, si actúa en representación de otra persona, el documento que acredite la representación.',
        'La descripción clara y precisa de los datos respecto de los que busca ejercer alguno de sus derechos.',
        'Cualquier otro elemento que facilite la localización de sus datos y, si pide una rectificación, las modificaciones y los documentos que las sustenten.',
      ],
      closing: [
        'Le comunicaremos nuestra respuesta en un plazo máximo de 20 días hábiles contados desde la fecha en que recibamos su ' +
          'solicitud. Si resulta procedente, la haremos efectiva dentro de los 15 días siguientes a la fecha en que le ' +
          'comuniquemos la respuesta. Cada uno de estos plazos podrá ampliarse una sola vez por un periodo igual, cuando lo ' +
          'justifiquen las circunstancias del caso y se lo informemos.',
        'La atención de su solicitud es gratuita; solo podrán cobrarse los gastos justificados de envío o de reproducción de documentos.',
      ],
    },
    {
      heading: '6. Revocación del consentimiento y limitación del uso',
      paragraphs: [
        'Puede revocar en cualquier momento el consentimiento que nos haya otorgado, o pedirnos que limitemos el uso o la ' +
          'divulgación de sus datos, con el mismo procedimiento y en los mismos plazos del apartado anterior. Tenga en cuenta ' +
          'que en algunos casos no podremos atender su solicitud de inmediato, porque alguna obligación legal nos exija seguir ' +
          'tratando sus datos.',
        'También puede inscribirse en el Registro Público para Evitar Publicidad de la Procuraduría Federal del Consumidor.',
      ],
    },
    {
      heading: '7. Cookies y almacenamiento en su navegador',
      paragraphs: [
        'El sitio usa cookies estrictamente necesarias para mantener su sesión y proteger los formularios contra solicitudes ' +
          'falsificadas, y guarda en su navegador su preferencia de modo claro u oscuro. No usamos cookies de publicidad ni de ' +
          'seguimiento de terceros. Puede borrar estos datos desde la configuración de su navegador.',
      ],
    },
    {
      heading: '8. Cambios a este aviso',
      paragraphs: [
        'Este aviso puede cambiar por nuevas disposiciones legales, por nuestras propias necesidades o por cambios en nuestro ' +
          'modelo de negocio. Publicaremos cualquier cambio en este mismo sitio, indicando la fecha de la última actualización.',
        'Si considera que su derecho a la protección de datos personales ha sido vulnerado, puede acudir al Instituto Nacional ' +
          'de Transparencia, Acceso a la Información y Protección de Datos Personales (INAI) o a la autoridad que en su caso ' +
          'asuma sus funciones.',
      ],
    },
  ],
};
