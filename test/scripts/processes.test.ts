import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, PrerequisiteError } from '../../scripts/local/processes';

let holder: net.Server | undefined;
afterEach(() => new Promise<void>((r) => (holder ? holder.close(() => r()) : r())));

describe('assertPortFree', () => {
  it('reports a port in use in one line that says how to fix it', async () => {
    holder = net.createServer();
    const port = await new Promise<number>((r) => holder!.listen(0, '127.0.0.1', () => r((holder!.address() as net.AddressInfo).port)));
    const err = await assertPortFree(port, 'web (set PORT to use another)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrerequisiteError);
    const message = (err as Error).message;
    expect(message).toContain(`Port ${port} (web (set PORT to use another)) is already in use`);
    expect(message).toMatch(/stop whatever holds it/);
    expect(message.includes('\n')).toBe(false);
  });

  it('passes for a free port', async () => {
    holder = net.createServer();
    const port = await new Promise<number>((r) => holder!.listen(0, '127.0.0.1', () => r((holder!.address() as net.AddressInfo).port)));
    await new Promise<void>((r) => holder!.close(() => r()));
    holder = undefined;
    await expect(assertPortFree(port, 'x')).resolves.toBeUndefined();
  });
});
