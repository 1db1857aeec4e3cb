import type { ContentSetItems, ContentSetKind, ContentSetPageProps } from '@gota/shared/contracts';

const team = 'equipo@gotaagota.mx';
const savedAt = '2026-11-28T16:42:00.000Z';
const importedAt = '2026-11-01T12:00:00.000Z';

/**
 * A set's panel page as the page tests start from: saved by the team at `version` (its last change), the revision
 * before it the system's import, and the save's log line.
 */
export function savedSet<K extends ContentSetKind>(kind: K, items: ContentSetItems[K], version: number): ContentSetPageProps<K> {
  return {
    set: { kind, items, version, updatedAt: savedAt, updatedBy: team },
    revisions: [
      { number: version, by: team, at: savedAt, items },
      { number: version - 1, by: 'sistema', at: importedAt, items },
    ],
    log: [{ action: 'guardada', by: team, at: savedAt, detail: `revisión ${version}` }],
  };
}
