import { defineConfig } from 'drizzle-kit'

// Generates versioned SQL migrations from src/db/schema.ts; they are applied by the app on start
// (src/db/migrate.ts), for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
