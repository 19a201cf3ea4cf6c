/**
 * An item's size as DynamoDB counts it for capacity (attribute names and values, UTF-8; a number
 * about one byte per two digits plus one; 3 bytes and one per element for a map or a list): what
 * decides how many 1 KB write units each of its writes costs. Read by the payments bench and the
 * tests of what a booking writes.
 */
export function itemSize(value: Record<string, unknown>): number {
  const sizeOf = (v: unknown): number => {
    if (typeof v === 'string') return Buffer.byteLength(v);
    if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace(/[.-]/g, '').length / 2) + 1;
    if (typeof v === 'boolean' || v === null) return 1;
    if (Array.isArray(v)) return 3 + v.reduce((sum: number, element) => sum + 1 + sizeOf(element), 0);
    if (typeof v === 'object') return 3 + Object.entries(v as object).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + sizeOf(element), 0);
    return 0;
  };
  return Object.entries(value).reduce((sum, [name, v]) => sum + Buffer.byteLength(name) + sizeOf(v), 0);
}
