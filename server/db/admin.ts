import pg from 'pg';

/**
 * One statement on a PostgreSQL server outside any transaction or pool (CREATE and DROP DATABASE cannot
 * run in a transaction). For tools around the server: tests that make a database of their own.
 */
export async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
