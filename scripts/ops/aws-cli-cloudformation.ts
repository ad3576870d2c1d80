/**
 * The staged deploy's CloudFormation calls through the AWS CLI (`aws cloudformation <op>
 * --cli-input-json … --output json`), which takes and prints the API's own shapes: the project has no
 * @aws-sdk/client-cloudformation, and operators have the CLI already (docs/operations.md reads the
 * stack's outputs with it). Credentials, profile and region are the CLI's (AWS_PROFILE, AWS_REGION, SSO).
 */
import { spawn } from 'node:child_process';
import type { CloudFormationApi } from './staged-deploy';

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}
export type ProcessRunner = (command: string, args: string[]) => Promise<ProcessResult>;

/** A failed AWS CLI call: the CLI's own message (e.g. "An error occurred (ValidationError) … does not exist"). */
export class AwsCliError extends Error {}

export const runProcess: ProcessRunner = (command, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new AwsCliError(`\`${command}\` is not installed: deploy:staged calls CloudFormation through the AWS CLI (https://aws.amazon.com/cli/).`) : err),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

export function awsCliCloudFormation(run: ProcessRunner = runProcess, command = 'aws'): CloudFormationApi {
  const call = async <T>(operation: string, input: object): Promise<T> => {
    // --no-paginate: one page per call, as the API answers (the caller follows NextToken).
    const result = await run(command, ['cloudformation', operation, '--cli-input-json', JSON.stringify(input), '--output', 'json', '--no-paginate']);
    if (result.code !== 0) throw new AwsCliError(result.stderr.trim().split('\n').filter(Boolean).pop() ?? `aws cloudformation ${operation} failed (exit ${result.code})`);
    return (result.stdout.trim() ? JSON.parse(result.stdout) : {}) as T;
  };
  return {
    // The CLI prints a JSON template body as an object (botocore decodes it); the SDK gives a string.
    getTemplate: (input) => call('get-template', input),
    describeStacks: (input) => call('describe-stacks', input),
    createChangeSet: (input) => call('create-change-set', input),
    describeChangeSet: (input) => call('describe-change-set', input),
    executeChangeSet: (input) => call('execute-change-set', input),
    deleteChangeSet: (input) => call('delete-change-set', input),
    describeStackEvents: (input) => call('describe-stack-events', input),
  };
}
