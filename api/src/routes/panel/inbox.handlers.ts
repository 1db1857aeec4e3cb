import type { Context } from 'hono';
import { formatMexicoCity, inboxPageSize, leadKindLabels, leadStatusLabels, type InboxPageProps, type Seo } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { describeError } from '../../db/errors';
import { csvRow, utf8Bom } from './csv';
import { encodeCursor, mexicoCityToday, parseInboxFilters } from './inbox-filters';
import { failedMails, leadBatch, newLeadCounts, type LeadRow } from './inbox-queries';

export const inboxMessages = {
  title: 'Bandeja | Gota a Gota',
  description: 'Mensajes de empresas y registros de contacto para el equipo de campaña.',
  badFilters: 'Revisa los filtros de la bandeja.',
} as const;

/** Rows the export reads per query: the memory it holds at once, whatever the number of leads. */
export const exportBatchSize = 1000;

const exportColumns = ['Fecha', 'Tipo', 'Estado', 'Empresa', 'Nombre', 'Apellido', 'Correo', 'Mensaje'] as const;

/** GET /panel: one page of the inbox (`Panel/Bandeja`); bad filters answer 422 with their messages in `errors`. */
export function inboxPage(database: Database, seo: (c: Context) => Seo) {
  return async (c: Context) => {
    const parsed = parseInboxFilters(c.req.query());
    const db = database.use();
    const [newCounts, failedMail] = await Promise.all([newLeadCounts(db), failedMails(db)]);
    if (!parsed.ok) {
      const props: InboxPageProps = { filters: parsed.filters, leads: [], nextCursor: null, paged: false, newCounts, failedMail };
      return c.var.page('Panel/Bandeja', { ...props, seo: seo(c), errors: parsed.errors }, { status: 422 });
    }
    // one more than a page: whether a next page exists without counting
    const rows = await leadBatch(db, parsed.query, parsed.cursor, inboxPageSize + 1);
    const shown = rows.slice(0, inboxPageSize);
    const last = shown.at(-1);
    const props: InboxPageProps = {
      filters: parsed.filters,
      leads: shown.map(({ mensaje: _mensaje, ...lead }) => lead),
      nextCursor: rows.length > inboxPageSize && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      paged: parsed.cursor !== null,
      newCounts,
      failedMail,
    };
    return c.var.page('Panel/Bandeja', { ...props, seo: seo(c) });
  };
}

function exportLine(lead: LeadRow): string {
  return csvRow([
    formatMexicoCity(lead.createdAt),
    leadKindLabels[lead.kind],
    leadStatusLabels[lead.status],
    lead.empresa,
    lead.name,
    lead.lastName,
    lead.email,
    lead.mensaje,
  ]);
}

/**
 * GET /panel/exportar.csv: every lead the filters match (the cursor is ignored), as UTF-8 CSV with a BOM, streamed in
 * keyset batches of `batchSize`. The body is a pull stream: the next batch is read from the database only when the
 * client has taken the previous one, so one batch is in memory at a time, whatever the number of leads and however
 * slow the client. The first batch is read before the answer starts, so a database failure there is a Spanish error
 * status (503); a failure after the first byte errors the stream: the connection is cut before the final chunk, which
 * a browser reports as a failed download instead of saving a file that looks complete (logged).
 */
export function exportCsv(database: Database, batchSize = exportBatchSize) {
  return async (c: Context) => {
    const parsed = parseInboxFilters({ ...c.req.query(), despues: undefined });
    if (!parsed.ok) return c.json({ message: inboxMessages.badFilters, errors: parsed.errors }, 422);
    const db = database.use();
    const { query } = parsed;
    let batch: LeadRow[] | null = await leadBatch(db, query, null, batchSize, { fullMessage: true });
    const log = c.get('log');
    const encoder = new TextEncoder();
    let rows = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode(utf8Bom + csvRow(exportColumns)));
        },
        async pull(controller) {
          try {
            // every pull enqueues or closes: a pull that does neither is never called again, and the download hangs
            if (batch === null || batch.length === 0) {
              log.info({ event: 'inbox_export', rows }, 'exportación de la bandeja');
              controller.close();
              return;
            }
            const current: LeadRow[] = batch;
            controller.enqueue(encoder.encode(current.map(exportLine).join('')));
            rows += current.length;
            const last = current.at(-1);
            // a short batch is the last one: no query to learn that nothing follows
            batch = current.length === batchSize && last ? await leadBatch(db, query, { createdAt: last.createdAt, id: last.id }, batchSize, { fullMessage: true }) : null;
          } catch (error) {
            database.reportFailure(error);
            log.error({ err: describeError(error), rows }, 'exportación de la bandeja cortada por un error de la base de datos');
            controller.error(error);
          }
        },
        cancel() {
          batch = null;
          log.info({ event: 'inbox_export', rows, cancelled: true }, 'exportación de la bandeja interrumpida por el cliente');
        },
      },
      // nothing read ahead: pull runs when the consumer asks for more
      { highWaterMark: 0 },
    );
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="gota-a-gota-contactos-${mexicoCityToday()}.csv"`,
    });
  };
}
