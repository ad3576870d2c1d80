import type { TableAccess } from './tables';

/**
 * Cognito triggers: the CDK auth construct wires them to the user pool; locally cognito-local
 * invokes them by name through the local API server's Lambda Invoke endpoint.
 */
export const cognitoTriggers = {
  PostConfirmation: {
    /** The name cognito-local invokes locally. */
    localName: 'post-confirmation',
    entry: 'cognito/post-confirmation-handler.ts',
    tables: { vendors: 'rw', notifications: 'w' } as TableAccess,
  },
} as const;
