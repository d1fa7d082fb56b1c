/**
 * The machine's ceiling: a Fastify route with no plugins, no logger and no database, in its own
 * process (started by bench/api.ts with PORT). Each endpoint's req/s is shown as a share of this
 * route's, so figures from busier or faster machines can be compared.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('bare route listening\n');
