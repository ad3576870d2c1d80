import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand, type DynamoDBDocumentPaginationConfiguration } from '@aws-sdk/lib-dynamodb';

/**
 * SDK clients, created once per container. Endpoints come from the SDK's own environment
 * variables (AWS_ENDPOINT_URL_DYNAMODB, ...), which only the local stack sets.
 */
export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * The SDK paginator writes each page's ExclusiveStartKey (and Limit) into the one input object it
 * was given; each page's command gets its own copy, so a command keeps what it was sent with (as
 * logs, traces and the unit tests' recorded calls see it).
 */
function ownInput<C>(command: C): C {
  if (command instanceof QueryCommand) return new QueryCommand({ ...command.input }) as C;
  if (command instanceof ScanCommand) return new ScanCommand({ ...command.input }) as C;
  return command;
}

/**
 * Configuration for `paginateQuery` / `paginateScan` of @aws-sdk/lib-dynamodb on `dynamo`, for loops
 * that read every page (`pageSize` is each request's Limit). An API answering one page to its
 * client keeps an explicit cursor instead.
 */
export const paging = (pageSize?: number): DynamoDBDocumentPaginationConfiguration => ({
  client: dynamo,
  ...(pageSize ? { pageSize } : {}),
  withCommand: ownInput,
});
