/**
 * A strict RFC 4180 reader for the tests (independent of the writer in lambdas/orders/csv.ts): CRLF
 * records, quoted fields with doubled quotes; throws on anything malformed so a broken file fails.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let atFieldStart = true;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`Text after a closing quote at ${i}`);
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (!atFieldStart) throw new Error(`Quote inside an unquoted field at ${i}`);
      quoted = true;
      atFieldStart = false;
      i += 1;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      atFieldStart = true;
      i += 1;
      continue;
    }
    if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      atFieldStart = true;
      i += 2;
      continue;
    }
    if (c === '\n') throw new Error(`LF without CR at ${i}`);
    field += c;
    atFieldStart = false;
    i += 1;
  }
  if (quoted) throw new Error('Unterminated quoted field');
  if (field !== '' || row.length) throw new Error('The last record does not end with CRLF');
  return rows;
}
