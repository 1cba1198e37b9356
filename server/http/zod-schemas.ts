import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  FastifyBaseLogger,
} from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/wire';

/**
 * Route schemas are the zod schemas of contract/wire.ts themselves, so the shapes the
 * server checks and the shapes its clients parse are one definition.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

function isZodType(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isZodType(schema)) throw new Error('Every route schema must be a zod schema.');
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/** Parsing on the way out drops any field the wire format does not name, so nothing leaks by accident. */
export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isZodType(schema)) throw new Error('Every response schema must be a zod schema.');
  return (data: unknown) => JSON.stringify(schema.parse(data));
};

/** The error responses every route may give, beside its own success shapes. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** An empty success body, for 202 and 204 responses. */
export const emptyBody = z.null().optional();

/** A streamed file: Fastify sends streams as they are, without the serializer. */
export const fileStreamBody = z.instanceof(Readable);
