/**
 * The page of `items` from `offset` whose JSON stays within `maxBytes` (at least one item, so a
 * page always moves on), and where the next page starts (null after the last). A list that can
 * outgrow one NATS message (max_payload, 1 MB by default) travels in such pages: its items' sizes
 * vary with what people typed, so a count of items would not bound the bytes.
 */
export function pageBySize<T>(items: readonly T[], offset: number, maxBytes: number): { page: T[]; next: number | null } {
  const page: T[] = [];
  let bytes = 2;
  let i = offset;
  for (; i < items.length; i++) {
    const size = Buffer.byteLength(JSON.stringify(items[i]), 'utf8') + 1;
    if (page.length > 0 && bytes + size > maxBytes) break;
    page.push(items[i]);
    bytes += size;
  }
  return { page, next: i < items.length ? i : null };
}
