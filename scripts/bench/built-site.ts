/**
 * A built web app (dist/web, or any `vite build` output) served as the CloudFront distribution serves
 * it: gzip, immutable assets, the SPA fallback to index.html, the stack's /config.json, and /api/*
 * and /renditions/* passed on to the stack's API server (CloudFront's /api/* behaviour, and its
 * /renditions/* behaviour, which the local API server plays: scripts/local/image-urls.ts; same origin).
 * With `tls`, HTTP/2 over
 * TLS as the distribution serves (`HttpVersion.HTTP2_AND_3`, lib/site.ts): `npm run bench:web`, whose
 * Lighthouse simulation models an HTTP/1.1 origin as six connections with a round trip per request;
 * without, plain HTTP/1.1 (test/e2e/production-build.test.ts).
 */
import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { WebConfig } from '../../contracts/web-config';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** HTTP/1.1 hop-by-hop headers, which HTTP/2 forbids in a response (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * A self-signed certificate for 127.0.0.1 (a day), and the base64 SHA-256 of its public key, which
 * Chromium's `--ignore-certificate-errors-spki-list` takes: the page is then a secure origin with a
 * trusted certificate (as WebPageReplay does for Lighthouse's own lab runs), not a certificate error.
 */
export async function localCertificate(): Promise<{ key: string; cert: string; spki: string }> {
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    notAfterDate: new Date(Date.now() + 86_400_000),
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const der = createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return { key: pems.private, cert: pems.cert, spki: createHash('sha256').update(der).digest('base64') };
}

export interface BuiltSite {
  url: string;
  close(): Promise<void>;
}

export function serveBuiltSite(opts: { dir: string; config: WebConfig; apiUrl: string; tls?: { key: string; cert: string } }): Promise<BuiltSite> {
  const { dir: outDir, config, tls } = opts;
  const api = new URL(opts.apiUrl);
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/renditions/')) {
      const forwarded = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
      const upstream = http.request(
        { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: { ...forwarded, host: api.host } },
        (answer) => {
          const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': MIME['.json']! });
        res.end(JSON.stringify({ error: 'bad_gateway', message: 'The stack did not answer.' }));
      });
      req.pipe(upstream);
      return;
    }
    let body: Buffer;
    let type: string;
    let cache = 'no-cache';
    if (url.pathname === '/config.json') {
      body = Buffer.from(JSON.stringify(config));
      type = MIME['.json']!;
    } else {
      let file = path.join(outDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(outDir, 'index.html');
      body = readFileSync(file);
      type = MIME[path.extname(file)] ?? 'application/octet-stream';
      if (url.pathname.startsWith('/assets/')) cache = 'public, max-age=31536000, immutable';
    }
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': cache };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 512) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(200, headers);
    res.end(body);
  };
  // HTTP/2's compatibility request and response have everything `handle` uses of HTTP/1's.
  const server = tls ? http2.createSecureServer({ ...tls, allowHTTP1: true }, handle as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void) : http.createServer(handle);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            for (const session of sessions) session.destroy();
            if (server instanceof http.Server) server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
