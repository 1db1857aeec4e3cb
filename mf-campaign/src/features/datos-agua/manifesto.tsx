/** The movement's manifesto (product §2 "DatosAgua"), written for the project. */
const statements = [
  'Creemos que el agua no es un recurso infinito ni un asunto de otros: es la base de la vida, de la salud y del futuro de México.',
  'Creemos que la crisis del agua se enfrenta con datos, no con miedo, y con acciones concretas, no con buenas intenciones.',
  'Creemos que cada empresa puede medir, reducir y devolver el agua que usa, y que hacerlo es también una forma de hacer bien su trabajo.',
  'Creemos en las y los jóvenes que ya están inventando nuevas formas de cuidar el agua, y en las comunidades que la cuidan desde siempre.',
  'Creemos que nadie lo logra solo: personas, empresas, universidades, organizaciones y gobiernos tenemos que sentarnos a la misma mesa.',
];

export function Manifesto() {
  return (
    <>
      {statements.map((statement) => (
        <p key={statement}>{statement}</p>
      ))}
      <p>
        <strong>Por eso nos comprometemos</strong> a cuidar cada gota en casa, en la escuela y en el trabajo; a compartir lo que
        funciona; a rendir cuentas de lo que hacemos, y a invitar a más personas a sumarse. Porque el agua nos une, y lo que nos
        une, lo cuidamos.
      </p>
    </>
  );
}
