/** List sorting as it travels in URLs and API calls: `field` ascending, `-field` descending. */
export type TSortValue<TField extends string> = TField | `-${TField}`;
export type TSortDirection = 'asc' | 'desc';
export type TSort<TField extends string> = { field: TField; direction: TSortDirection };

export function parseSort<TField extends string>(value: TSortValue<TField>): TSort<TField> {
  return value.startsWith('-')
    ? { field: value.slice(1) as TField, direction: 'desc' }
    : { field: value as TField, direction: 'asc' };
}

export function formatSort<TField extends string>(sort: TSort<TField>): TSortValue<TField> {
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

/**
 * Clicking a column header: the current column flips direction, another column starts in `first`
 * order — ascending, or descending for amounts and counts (largest first).
 */
export function toggleSort<TField extends string>(
  current: TSortValue<TField>,
  field: TField,
  first: 'asc' | 'desc' = 'asc',
): TSortValue<TField> {
  const { field: currentField, direction } = parseSort(current);
  if (currentField !== field) return first === 'desc' ? `-${field}` : field;
  return direction === 'asc' ? `-${field}` : field;
}
