import type { TSchema } from '@sinclair/typebox';
import type { OpenAPIV3 } from 'openapi-types';
import { AppError } from '@rentals/core/errors';

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)';

const hasBody = (request: Request) =>
  request.body !== null || Number(request.headers.get('content-length') ?? 0) > 0;

/**
 * The auth calls take JSON only (spec §7). A form or text body would otherwise
 * be parsed and answered with field errors that hide the real mistake.
 */
export const requireJsonBody = ({ request }: { request: Request }) => {
  if (!hasBody(request)) return;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError(415, JSON_ONLY_MESSAGE);
};

/**
 * A JSON body for the OpenAPI document, from the schema the handler reads it
 * with (auth/rules.ts): the routes do not hand the schema to Elysia, whose
 * validation could not give each failure its SPEC message.
 */
export const jsonBody = (schema: TSchema): OpenAPIV3.RequestBodyObject => ({
  required: true,
  content: { 'application/json': { schema: schema } },
});
