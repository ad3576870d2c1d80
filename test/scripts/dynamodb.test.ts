import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTableInput, startDynamoDb } from '../../scripts/local/dynamodb';
import { PrerequisiteError } from '../../scripts/local/processes';
import { tables, type TableKey } from '../../contracts/tables';

describe('DynamoDB Local bootstrap', () => {
  it('reports a missing JDK in one line that says how to install it', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'ddb-'));
    const savedPath = process.env.PATH;
    process.env.PATH = path.join(cacheDir, 'empty-bin');
    try {
      const err = await startDynamoDb({ port: 1, cacheDir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PrerequisiteError);
      expect((err as Error).message).toMatch(/^Java 17 \(JDK\) is required for DynamoDB Local: run `sudo apt-get install -y openjdk-17-jdk-headless`/);
    } finally {
      process.env.PATH = savedPath;
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('creates every table with the keys and indexes of contracts/tables.ts', () => {
    for (const key of Object.keys(tables) as TableKey[]) {
      const input = createTableInput(key);
      const def = tables[key];
      expect(input.TableName).toBe(`seller-portal-${def.name}`);
      expect(input.KeySchema?.[0]).toEqual({ AttributeName: def.partitionKey.name, KeyType: 'HASH' });
      expect(input.GlobalSecondaryIndexes?.map((g) => g.IndexName) ?? []).toEqual(('globalIndexes' in def ? def.globalIndexes : []).map((g) => g.indexName));
    }
  });
});
