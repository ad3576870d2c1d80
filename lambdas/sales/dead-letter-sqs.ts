import { SendMessageCommand, SQSClient, type MessageAttributeValue } from '@aws-sdk/client-sqs';

let sqs: SQSClient | undefined;

/** Puts the event, unchanged, on the ingest DLQ with string message attributes (reason, ...). */
export async function sendToQueue(queueUrl: string, body: string, attributes: Record<string, string>): Promise<void> {
  sqs ??= new SQSClient({});
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: body,
      MessageAttributes: Object.fromEntries(
        Object.entries(attributes).map(([name, value]): [string, MessageAttributeValue] => [name, { DataType: 'String', StringValue: value }]),
      ),
    }),
  );
}
