/**
 * SNS topics Lambdas publish to: the CDK creates one per entry and hands its ARN to the functions
 * that declare it (`publishes` in contracts/routes.ts); locally there is no SNS and the env var stays
 * unset (the local stack injects an outbox notifier, scripts/local/stand-ins.ts).
 */
export const topics = {
  /** New support cases for the ops team; an e-mail subscription comes from the stack parameter `supportEmail`. */
  support: { name: 'support-cases', envVar: 'SUPPORT_TOPIC_ARN', displayName: 'Seller Portal support cases' },
} as const;

export type TopicKey = keyof typeof topics;
