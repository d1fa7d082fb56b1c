/**
 * The machine's ceilings, in one process of their own (started by bench/api.ts): a Fastify route
 * with no plugins, no logger and no database on PORT, and a bare node:http server on HTTP_PORT
 * (what issue 28's read-path target is measured against). Both answer GET /bare with the same 15
 * bytes of JSON; only one is under load at a time. Each endpoint's req/s is shown as a share of
 * both, so figures from busier or faster machines can be compared.
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';

const body = JSON.stringify({ status: 'ok' });
const bare = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/bare') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => bare.listen(Number(process.env.HTTP_PORT), '127.0.0.1', resolve));

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('bare route and bare node:http listening\n');
