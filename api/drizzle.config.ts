import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (run from api/) writes a new migration after a change to the schema;
// the API applies pending migrations when it starts (src/db/database.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
