import './zod-setup';
import { z } from 'zod';
import { querySchema } from './query';

const missingFileMessage = 'Indica el archivo con ?file=/ruta.';

/** GET /private/storage?file=/{path} (product §7): which of the account's own files. */
export const PrivateFileQuerySchema = querySchema(
  z.object({ file: z.string({ error: missingFileMessage }).min(1, { error: missingFileMessage }) }),
);
