import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { z } from 'zod';
import {
  formatMexicoCity,
  inboxPageSize,
  leadKindLabels,
  leadStatusLabels,
  validationErrorBody,
  type InboxPageProps,
  type Seo,
} from '@gota/shared/contracts';
import { encodeInboxCursor, InboxExportFiltersSchema, InboxFiltersSchema, InboxFiltersShownSchema } from '@gota/shared/schemas';
import type { Database } from '../../db/database';
import { describeError } from '../../db/errors';
import { validate } from '../../security/validation';
import { csvRow, utf8Bom } from './csv';
import { leadQuery, mexicoCityToday } from './inbox-filters';
import { failedMails, leadBatch, newLeadCounts, type LeadRow } from './inbox-queries';
import type { AppEnv } from '../../types';

export const inboxMessages = {
  title: 'Bandeja | Gota a Gota',
  description: 'Mensajes de empresas y registros de contacto para el equipo de campaña.',
  badFilters: 'Revisa los filtros de la bandeja.',
} as const;

/** Rows the export reads per query: the memory it holds at once, whatever the number of leads. */
export const exportBatchSize = 1000;

const exportColumns = ['Fecha', 'Tipo', 'Estado', 'Empresa', 'Nombre', 'Apellido', 'Correo', 'Mensaje'] as const;

const factory = createFactory<AppEnv>();

/** The inbox's errors: one message per refused filter, keyed by its name (the page shows it by the field). */
function filterErrors(error: z.core.$ZodError): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validationErrorBody(error).errors).map(([filter, messages]) => [filter, messages[0] ?? '']),
  );
}

/** GET /panel: one page of the inbox (`Panel/Bandeja`); bad filters answer 422 with their messages in `errors`. */
export function inboxPage(database: Database, seo: (c: Context<AppEnv>) => Seo) {
  const counts = async () => {
    const db = database.use();
    const [newCounts, failedMail] = await Promise.all([newLeadCounts(db), failedMails(db)]);
    return { newCounts, failedMail };
  };
  // the page again, with the filters as they were typed and no leads: the form shows each message by its field
  const refused = validate('query', InboxFiltersSchema, async (c, error, query) => {
    const props: InboxPageProps = {
      filters: InboxFiltersShownSchema.parse(query),
      leads: [],
      nextCursor: null,
      paged: false,
      ...(await counts()),
    };
    return c.var.page('Panel/Bandeja', { ...props, seo: seo(c), errors: filterErrors(error) }, { status: 422 });
  });
  return factory.createHandlers(refused, async (c) => {
    const { despues: cursor, ...filters } = c.req.valid('query');
    const shownCounts = await counts();
    // one more than a page: whether a next page exists without counting
    const rows = await leadBatch(database.use(), leadQuery(filters), cursor, inboxPageSize + 1);
    const shown = rows.slice(0, inboxPageSize);
    const last = shown.at(-1);
    const props: InboxPageProps = {
      filters,
      leads: shown.map(({ mensaje: _mensaje, ...lead }) => lead),
      nextCursor: rows.length > inboxPageSize && last ? encodeInboxCursor({ createdAt: last.createdAt, id: last.id }) : null,
      paged: cursor !== null,
      ...shownCounts,
    };
    return c.var.page('Panel/Bandeja', { ...props, seo: seo(c) });
  });
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
  const refused = validate('query', InboxExportFiltersSchema, (c, error) =>
    c.json({ message: inboxMessages.badFilters, errors: filterErrors(error) }, 422),
  );
  return factory.createHandlers(refused, async (c) => {
    const db = database.use();
    const query = leadQuery(c.req.valid('query'));
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
            batch =
              current.length === batchSize && last
                ? await leadBatch(db, query, { createdAt: last.createdAt, id: last.id }, batchSize, { fullMessage: true })
                : null;
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
  });
}
