/**
 * A free-text search as an ILIKE pattern: the text anywhere in the value, with `%`, `_` and `\`
 * matching themselves (Postgres's default LIKE escape is `\`), not any text.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
