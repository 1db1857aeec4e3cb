/** The four objectives of the movement (product §2 "About"), written for the project. */
export const objectives = [
  {
    title: 'Comunicar y sensibilizar',
    text: 'Realizar campañas de comunicación y concientización que expliquen la crisis del agua con claridad y sin alarmismo.',
  },
  {
    title: 'Compartir lo que funciona',
    text: 'Identificar, documentar y difundir casos de éxito en la gestión eficiente del agua para que otros puedan replicarlos.',
  },
  {
    title: 'Dialogar y cooperar',
    text: 'Facilitar el diálogo y la cooperación entre personas, empresas, academia, organizaciones y gobiernos.',
  },
  {
    title: 'Investigar e innovar',
    text: 'Impulsar proyectos de investigación y tecnología que ayuden a conservar los recursos hídricos del país.',
  },
] as const;

/** The four steps of '¿CÓMO PUEDES PARTICIPAR?' (product §2 "About"). */
export const steps = [
  {
    title: 'Haz el gesto',
    text: 'Usa el «Water Finger Heart» en tus campañas y plataformas digitales para recordar que cada gota cuenta.',
  },
  {
    title: 'Comparte lo que haces',
    text: 'Cuéntanos tus buenas prácticas de cuidado del agua a través de este sitio para que inspiren a más personas.',
  },
  {
    title: 'Consume menos',
    text: 'Reduce tu consumo y evita el desperdicio: repara fugas, reutiliza y cierra la llave cuando no la usas.',
  },
  {
    title: 'Contagia el compromiso',
    text: 'Comparte tu compromiso con tu familia, tu escuela o tu empresa e invítalos a sumarse al movimiento.',
  },
] as const;
