/** The rows under each key (in the rows' order), each row as `value` makes it. */
export function groupBy<R, T>(rows: readonly R[], key: (row: R) => string, value: (row: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(value(row));
    else out.set(key(row), [value(row)]);
  }
  return out;
}
