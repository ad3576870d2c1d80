import { describe, expect, it } from 'vitest';
import { assertMatchesRouteTable } from '../../../lambdas/shared/http';

describe('a handler module must implement exactly its routes of the route table', () => {
  const me = { 'GET /api/me': { access: 'signed-in' as const }, 'PATCH /api/me': { access: 'signed-in' as const }, 'POST /api/me/password': { access: 'signed-in' as const }, 'POST /api/me/two-step': { access: 'signed-in' as const } };

  it('accepts the routes the table gives the function', () => {
    expect(() => assertMatchesRouteTable('me', me, { stream: false })).not.toThrow();
  });

  it('refuses a missing route, an extra route, another access level, or the wrong streaming mode', () => {
    expect(() => assertMatchesRouteTable('me', { 'GET /api/me': me['GET /api/me'] }, { stream: false })).toThrow(/missing: PATCH \/api\/me/);
    expect(() => assertMatchesRouteTable('me', { ...me, 'DELETE /api/me': { access: 'signed-in' } }, { stream: false })).toThrow(/extra: DELETE \/api\/me/);
    expect(() => assertMatchesRouteTable('me', { ...me, 'GET /api/me': { access: 'vendor' } }, { stream: false })).toThrow(/access differs: GET \/api\/me/);
    expect(() => assertMatchesRouteTable('me', me, { stream: true })).toThrow(/not marked stream: GET \/api\/me/);
  });
});
