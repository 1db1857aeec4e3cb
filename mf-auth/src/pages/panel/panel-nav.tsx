import type { TeamRole } from '@gota/shared/contracts';
import { route, type RouteName } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import styles from './panel.module.css';

/** The panel's other parts, each for the role that opens it (decision 051), in the order the menu shows them. */
const parts: { role: TeamRole; route: RouteName; label: string }[] = [
  { role: 'bandeja', route: 'panel', label: 'Bandeja' },
  { role: 'editor', route: 'panelHistorias', label: 'Historias' },
  { role: 'editor', route: 'panelDatos', label: 'Datos del agua' },
  { role: 'editor', route: 'panelContadores', label: 'Contadores' },
  { role: 'editor', route: 'panelAliados', label: 'Aliados y miembros' },
  { role: 'editor', route: 'panelTextos', label: 'Textos de las páginas' },
  { role: 'editor', route: 'panelDescargas', label: 'Descargas' },
  { role: 'operador', route: 'panelVersiones', label: 'Versiones' },
  { role: 'administrador', route: 'panelEquipo', label: 'Equipo' },
];

/**
 * The parts of the panel this account may open, but the one it is on, its own sessions and its account's security (any
 * role): a list of links,
 * or nothing for an account without a role.
 */
export function PanelNav({ roles, current }: { roles: readonly TeamRole[]; current: RouteName }) {
  if (roles.length === 0) return null;
  const others = [
    ...parts.filter((part) => roles.includes(part.role)),
    { route: 'panelSesiones' as const, label: 'Mis sesiones' },
    { route: 'panelSeguridad' as const, label: 'Seguridad de la cuenta' },
  ].filter((part) => part.route !== current);
  return (
    <nav aria-label="Otras partes del panel" className={styles.lead}>
      <ul className={styles.panelNav}>
        {others.map((part) => (
          <li key={part.route}>
            <Link to={route(part.route)}>{part.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
