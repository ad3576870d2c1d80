/** The `imageChecks` table: check results by object key, and each upload folder's admitted keys (model.ts). */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import type { ImageCheckItem, UploadFolderItem } from './model';

/** Writes (or overwrites: the latest check of a key wins) the outcome for one object key. */
export async function recordCheck(item: ImageCheckItem): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('imageChecks'), Item: item }));
}

export async function getCheck(key: string): Promise<ImageCheckItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('imageChecks'), Key: { key }, ConsistentRead: true }));
  return (out.Item as ImageCheckItem | undefined) ?? null;
}

/**
 * Admits `key` to the folder's slots if it is admitted already (a redelivered event) or there is
 * room: one conditional update, so of two checks racing for the last slot exactly one wins.
 */
export async function admitToFolder(folder: string, key: string, slots: number, now: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('imageChecks'),
        Key: { key: folder },
        UpdateExpression: 'ADD admitted :keys SET #kind = :kind, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(admitted) OR contains(admitted, :key) OR size(admitted) < :slots',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':keys': new Set([key]), ':key': key, ':slots': slots, ':kind': 'upload_folder' satisfies UploadFolderItem['kind'], ':now': now },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** The keys a folder has admitted (empty when none). */
export async function admittedKeys(folder: string): Promise<Set<string>> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('imageChecks'), Key: { key: folder }, ConsistentRead: true }));
  return (out.Item as UploadFolderItem | undefined)?.admitted ?? new Set();
}

/** Frees the slots of `keys` (objects that are gone or failed a later check); no item is created for a folder without one. */
export async function releaseFromFolder(folder: string, keys: readonly string[], now: string): Promise<void> {
  if (!keys.length) return;
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('imageChecks'),
        Key: { key: folder },
        UpdateExpression: 'DELETE admitted :keys SET updatedAt = :now',
        // KEY is a reserved word.
        ConditionExpression: 'attribute_exists(#key)',
        ExpressionAttributeNames: { '#key': 'key' },
        ExpressionAttributeValues: { ':keys': new Set(keys), ':now': now },
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}
