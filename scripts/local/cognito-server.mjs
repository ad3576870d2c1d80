// cognito-local in-process behind a small front server (run as a child by scripts/local/cognito.ts;
// its working directory holds .cognito/). Adds GetTokensFromRefreshToken, which aws-amplify >= 6.1x
// uses to refresh and cognito-local lacks, by mapping it to InitiateAuth REFRESH_TOKEN_AUTH.
// Verification codes (cognito-local "sends" e-mail to its log) are printed as one JSON line each,
// so the local console and tests can read them.
import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createDefaultServer } from 'cognito-local';

const port = Number(process.env.PORT ?? 9229);
const debug = Boolean(process.env.DEBUG);
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const msg = String(entry.msg ?? '');
      if (msg.includes('Confirmation Code Delivery')) {
        // cognito-local colours its box with ANSI escapes; strip them to read the fields.
        // eslint-disable-next-line no-control-regex
        const plain = msg.replace(/\u001b\[[0-9;]*m/g, '');
        const field = (name) => plain.match(new RegExp(`${name}:\\s+([^\\s│]+)`))?.[1];
        process.stdout.write(`${JSON.stringify({ type: 'code', username: field('Username'), destination: field('Destination'), code: field('Code') })}\n`);
      } else if (debug || entry.level >= 40) {
        process.stdout.write(`${JSON.stringify({ type: 'log', level: entry.level, msg })}\n`);
      }
    }
    done();
  },
});
const logger = pino({ level: 'info' }, sink);
const { application } = await createDefaultServer(logger);

const server = http.createServer(async (req, res) => {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (req.method === 'POST' && target.endsWith('.GetTokensFromRefreshToken')) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const b = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    req.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
    req.body = { ClientId: b.ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: b.RefreshToken }, ClientMetadata: b.ClientMetadata };
  }
  application(req, res);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ type: 'ready', port })}\n`));
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.close(() => process.exit(0)));
