/** The `imageChecks` table: check results by object key, and each upload folder's admitted keys (model.ts). */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import type { ImageCheckItem, UploadFolderItem } from './model';

/**
 * Writes the outcome for one object key, only while the item is still as the check read it: the
 * key is unbound or bound to `item.eTag` (a binding never changes), and no later object version
 * was judged (the stored sequencer is not greater than `item.sequencer`; an item without one is
 * written only over an item without one). False when the item changed meanwhile: look again.
 */
export async function recordCheck(item: ImageCheckItem & { eTag: string }): Promise<boolean> {
  const bound = '(attribute_not_exists(#eTag) OR #eTag = :eTag)';
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('imageChecks'),
        Item: item,
        ConditionExpression: item.sequencer === undefined ? `${bound} AND attribute_not_exists(#seq)` : `${bound} AND (attribute_not_exists(#seq) OR #seq <= :seq)`,
        ExpressionAttributeNames: { '#eTag': 'eTag', '#seq': 'sequencer' },
        ExpressionAttributeValues: { ':eTag': item.eTag, ...(item.sequencer === undefined ? {} : { ':seq': item.sequencer }) },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
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
