import { beforeAll, describe, expect, it } from 'vitest';
import { bulkWorkerFunction } from '../../contracts/functions';
import { apiFunctions } from '../../contracts/routes';
import { functionByDescription, props, queueAlarms, resourcesOfType, roleOf, statementsOfRole, tableLogicalId, synthesizedTemplates, type SynthesizedTemplates } from './support';

let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

/** Bulk price and stock (issue 15, lib/bulk.ts): the worker, its queue and who may send to it. */
describe('bulk price and stock', () => {
  const queueId = () => resourcesOfType(s.json, 'AWS::SQS::Queue').find(([id]) => id.startsWith('BulkQueue'))![0];

  it('the queue is encrypted, TLS only, with a dead-letter queue that alarms', () => {
    const [, queue] = resourcesOfType(s.json, 'AWS::SQS::Queue').find(([id]) => id === queueId())!;
    expect(props(queue)).toMatchObject({ SqsManagedSseEnabled: true, RedrivePolicy: { maxReceiveCount: 3 } });
    const dlqId = resourcesOfType(s.json, 'AWS::SQS::Queue').find(([id]) => id.startsWith('BulkDeadLetterQueue'))![0];
    expect(queueAlarms(s.json, dlqId).length).toBeGreaterThan(0);
  });

  it('the worker reads one message at a time from it and may touch only products, bulk jobs, the notifications and (put only) the activity log, and read the counters', () => {
    const [workerId, worker] = functionByDescription(s.json, bulkWorkerFunction.description);
    const mappings = resourcesOfType(s.json, 'AWS::Lambda::EventSourceMapping').map(([, m]) => props(m)).filter((m) => JSON.stringify(m.FunctionName).includes(workerId));
    expect(mappings).toEqual([expect.objectContaining({ BatchSize: 1, EventSourceArn: { 'Fn::GetAtt': [queueId(), 'Arn'] } })]);
    const tablesTouched = new Set(
      statementsOfRole(s.json, roleOf(worker))
        .filter((st) => JSON.stringify(st.Action).includes('dynamodb:'))
        .flatMap((st) => JSON.stringify(st.Resource).match(/"([A-Za-z0-9]+Table[A-Za-z0-9]*)"/g) ?? []),
    );
    // counters: only read, for the vendor's default low-stock level (issue 15); activity and
    // notifications: each change's activity entries and stock_low notice, in its own transaction.
    expect([...tablesTouched].sort()).toEqual(
      ['bulkJobs', 'products', 'counters', 'activity', 'notifications'].map((t) => `"${tableLogicalId(s.json, t)}"`).sort(),
    );
    // The activity log stays append-only: the worker may only put entries.
    const activityActions = statementsOfRole(s.json, roleOf(worker))
      .filter((st) => JSON.stringify(st.Resource).includes(`"${tableLogicalId(s.json, 'activity')}"`))
      .flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));
    expect(activityActions).toEqual(['dynamodb:PutItem']);
  });

  it('only the API functions that declare the bulk queue may send to it, with its URL in their environment', () => {
    for (const def of Object.values(apiFunctions)) {
      const [, fn] = functionByDescription(s.json, def.description);
      const env = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
      const sends = statementsOfRole(s.json, roleOf(fn)).filter((st) => JSON.stringify(st.Resource).includes(`"${queueId()}"`));
      if ((def as { queues?: readonly string[] }).queues?.includes('bulk')) {
        expect(env.BULK_QUEUE_URL).toEqual({ Ref: queueId() });
        expect(sends).toEqual([expect.objectContaining({ Action: 'sqs:SendMessage', Effect: 'Allow' })]);
      } else {
        expect(env.BULK_QUEUE_URL).toBeUndefined();
        expect(sends).toEqual([]);
      }
    }
    expect(Object.values(apiFunctions).filter((d) => (d as { queues?: readonly string[] }).queues?.includes('bulk')).map((d) => d.entry)).toEqual(['bulk/handler.ts']);
  });
});
