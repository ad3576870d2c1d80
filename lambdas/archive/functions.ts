/**
 * The audit archiver (issue 24, item 8): what the CDK construct (lib/audit-archive.ts) deploys. Cloud
 * only: the local stack has no archive (docs/infra.md, "Audit archive"); the audit and activity tables' streams are
 * enabled there too (scripts/local/dynamodb.ts reads contracts/tables.ts) but nothing reads them.
 */
import type { TableAccess } from '../../contracts/tables';

/** The tables whose new entries are archived, by their key in contracts/tables.ts. */
export const ARCHIVED_TABLES = ['audit', 'activity'] as const;

export const archiverFunction = {
  entry: 'archive/archiver-handler.ts',
  description: 'Audit archive: copies each new audit and activity entry from the tables\' streams to the Object Lock bucket',
  /** None: it reads the streams (granted by the event source), never the tables. */
  tables: {},
  /** Lambda event source filter pattern: new entries only (there are no others: the tables are append-only). */
  filterPattern: { eventName: ['INSERT'] },
  batchSize: 100,
  /** Retries of a failing batch before its description goes to the on-failure destination (the DLQ). */
  retryAttempts: 10,
  timeoutSeconds: 30,
} as const satisfies { entry: string; description: string; tables: TableAccess } & Record<string, unknown>;
