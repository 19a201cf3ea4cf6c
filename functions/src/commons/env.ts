/** Settings a handler reads from its environment, read once per container. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const env = {
  get tableName(): string {
    return requireEnv('TABLE_NAME');
  },
};
