import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per Lambda; the request id is added per invocation by the http middleware. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'seller-portal',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
