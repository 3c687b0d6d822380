/**
 * The api tests' setup (vitest.config.ts): a deprecation the server's code reaches is thrown (Node
 * throws it on the next tick), so vitest fails the run with an unhandled error that names the test
 * file and carries the caller's stack (issue 34, item 6). The one that started this: `pg` warns once
 * per process that a query sent while its client still runs one (a `Promise.all` on a
 * transaction's client; db/reads.ts) stops working in pg@9.
 */
process.throwDeprecation = true;
