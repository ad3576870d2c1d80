import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiFunctions, routes } from '../../lambdas/routes';
import { authorizerClaims, matchRoute } from '../../scripts/local/api-server';

describe('local API routing', () => {
  it('matches every route of the route table to itself', () => {
    for (const r of routes) {
      const concrete = r.path.replace(/\{(\w+)\}/g, 'x1');
      const m = matchRoute(r.method, concrete);
      expect(m).toMatchObject({ route: r });
    }
  });

  it('tells an unknown path from a known path with the wrong method', () => {
    expect(matchRoute('GET', '/api/nothing-here')).toBeNull();
    expect(matchRoute('DELETE', '/api/me')).toBe('method-not-allowed');
  });

  it('renders claims as API Gateway does: strings, groups joined', () => {
    expect(authorizerClaims({ sub: 'a', 'cognito:groups': ['admins', 'vendors'], exp: 5, email_verified: true } as never)).toEqual({
      sub: 'a',
      'cognito:groups': 'admins,vendors',
      exp: '5',
      email_verified: 'true',
    });
  });
});

describe('the route table', () => {
  it('points every function at a module that implements exactly its routes', async () => {
    process.env.VENDORS_TABLE ??= 'vendors-test';
    for (const [key, fn] of Object.entries(apiFunctions)) {
      const file = path.resolve(import.meta.dirname, '../../lambdas', fn.entry);
      expect(existsSync(file), `${key}: ${fn.entry}`).toBe(true);
      // apiHandler throws on import when the module's routes differ from the table's.
      const mod = (await import(file)) as { handler: unknown };
      expect(typeof mod.handler).toBe('function');
    }
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });
});
