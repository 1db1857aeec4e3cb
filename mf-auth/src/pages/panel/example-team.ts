import type { EquipoPageProps } from '@gota/shared/contracts';

/**
 * A campaign team as `Panel/Equipo` receives it: what the development harness shows and what the page's tests render.
 * Ana is the signed-in administrator; Luis reads the inbox.
 */
export const exampleTeam: EquipoPageProps = {
  me: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d1001',
  members: [
    {
      userId: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d1001',
      name: 'Ana Ruiz',
      email: 'ana@gotaagota.mx',
      roles: [
        { role: 'administrador', since: '2026-11-20T16:00:00Z', by: null },
        { role: 'bandeja', since: '2026-11-20T16:00:00Z', by: null },
      ],
      version: 1,
      lastSignIn: '2026-11-28T15:30:00Z',
    },
    {
      userId: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d1002',
      name: 'Luis Pérez',
      email: 'luis@gotaagota.mx',
      roles: [{ role: 'bandeja', since: '2026-11-25T18:00:00Z', by: 'Ana <ana@gotaagota.mx>' }],
      version: 3,
      lastSignIn: null,
    },
  ],
  invitations: [
    { email: 'marta@gotaagota.mx', roles: ['editor'], by: 'Ana <ana@gotaagota.mx>', expiresAt: '2026-12-01T18:00:00Z' },
  ],
  log: [
    {
      at: '2026-11-25T18:00:00Z',
      actor: 'Ana <ana@gotaagota.mx>',
      subject: 'luis@gotaagota.mx',
      action: 'concedido',
      role: 'bandeja',
    },
  ],
};
