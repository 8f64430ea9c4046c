/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}
