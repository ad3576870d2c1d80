import { tables, type TableKey } from '../../contracts/tables';
import { required } from './env';

/**
 * The runtime side of the table definitions (contracts/tables.ts): the physical name of a table
 * inside a Lambda (or the local API server, which sets the same env), read from the table's env var.
 */
export function tableName(key: TableKey): string {
  return required(tables[key].envVar)();
}

export type { TableKey } from '../../contracts/tables';
