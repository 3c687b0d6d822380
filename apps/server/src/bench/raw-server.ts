/** The bare handlers' process (http-load.ts, rawServer): the benches start it beside the product. */
import { rawServer } from './http-load';

rawServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
