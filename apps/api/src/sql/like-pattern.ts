/** A LIKE/ILIKE pattern matching `text` anywhere, its wildcards escaped: a search for '50%' means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
