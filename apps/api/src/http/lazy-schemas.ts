import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), made lazy: a route's
 * validator and serializer are compiled at its first request, or by `compileRemaining` once the server answers,
 * instead of all of them before the first page (about a third of a second of a warm start, decision 0020).
 * Same compilers, same options, same results.
 */

type Compiled = ((...args: never[]) => unknown) & { errors?: unknown };
type Compile = (routeSchema: unknown) => Compiled;
type BuildCompiler = (externalSchemas: unknown, options: unknown) => Compile;

export interface LazySchemas {
  compilersFactory: { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory };
  /** Compiles, a few at a time between other work, every schema no request has needed yet. */
  compileRemaining(): Promise<void>;
}

export function lazySchemas(): LazySchemas {
  const pending = new Set<() => void>();
  const lazily =
    (build: BuildCompiler): BuildCompiler =>
    (externalSchemas, options) => {
      const compile = build(externalSchemas, options);
      return (routeSchema) => {
        let compiled: Compiled | undefined;
        const ensure = () => {
          pending.delete(ensure);
          compiled ??= compile(routeSchema);
          return compiled;
        };
        pending.add(ensure);
        const run = ((...args: never[]) => {
          const target = ensure();
          const result = target(...args);
          // Fastify reads a failed validation's reasons from the function it was given.
          run.errors = target.errors;
          return result;
        }) as Compiled;
        return run;
      };
    };
  return {
    compilersFactory: {
      buildValidator: lazily(AjvCompiler() as BuildCompiler) as unknown as ValidatorFactory,
      buildSerializer: lazily(SerializerSelector() as BuildCompiler) as unknown as SerializerFactory,
    },
    async compileRemaining() {
      for (const ensure of pending) {
        ensure();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
