/**
 * OpenTelemetry traces (issue 34 item 5, docs/decisions/099), preloaded before the server:
 *
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 node --import ./apps/server/dist/tracing.js apps/server/dist/main.js
 *
 * Without OTEL_EXPORTER_OTLP_ENDPOINT it does nothing and loads nothing (the release's unit always
 * preloads it). With it, every request is a trace: the HTTP server's span (instrumentation-http),
 * Fastify's request, hooks and handler (@fastify/otel, on every Fastify instance as it is
 * created), each PostgreSQL statement run inside a request (instrumentation-pg: its text, never
 * its values) and each outgoing call (SMS providers, WeChat, S3), sent in batches over OTLP/HTTP.
 * It must run first: the packages it patches (node:http, pg) are patched as they load, and the
 * server's bundle loads them at once. Addresses are recorded as the logs write them: a query's
 * and an outgoing call's secrets redacted (span-addresses.ts).
 */
import { register } from 'node:module';
import { loadTracingConfig } from '../config';
import { incomingAddress, outgoingAddress } from './span-addresses';
import { setTraceFlush } from './trace-flush';

const { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: serviceName } = loadTracingConfig();

if (endpoint) {
  // The stable HTTP conventions: url.path and url.query apart (the hook below redacts the query).
  process.env.OTEL_SEMCONV_STABILITY_OPT_IN ??= 'http';
  const [
    { createAddHookMessageChannel },
    { default: FastifyOtelInstrumentation },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider },
    { ATTR_SERVICE_NAME, ATTR_URL_FULL, ATTR_URL_PATH, ATTR_URL_QUERY },
  ] = await Promise.all([
    import('import-in-the-middle'),
    import('@fastify/otel'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  // ES modules are patched through a loader hook; it waits on only the modules instrumented.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        startIncomingSpanHook: (request) => {
          const { path: urlPath, query } = incomingAddress(request.url ?? '/');
          return { [ATTR_URL_PATH]: urlPath, ...(query === undefined ? {} : { [ATTR_URL_QUERY]: query }) };
        },
        startOutgoingSpanHook: (request) => ({ [ATTR_URL_FULL]: outgoingAddress(request) }),
      }),
      // Statements inside a request's trace only: the job queue's polling would drown the rest.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // Its request span writes the URL whole as url.path: the path alone, as the server span has it.
        requestHook: (span, request) => void span.setAttribute(ATTR_URL_PATH, incomingAddress(request.url).path),
      }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  // The spans still batched go out before the process ends: main.ts flushes after closing.
  setTraceFlush(() => provider.shutdown());
}
