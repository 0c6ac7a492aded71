/**
 * Types of the API contract (docs/api/openapi.yaml), generated into ./schema.ts (npm run api:types).
 * API modules name request and response types from here instead of restating them.
 */
import type { components, paths } from './schema';

export type { components, paths } from './schema';

/** A named schema of the contract, e.g. `ApiSchema<'ServiceUnit'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

type JsonBody<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of an operation's answer: `ApiResponse<'/api/me', 'get'>` (the 200/201/202 one). */
export type ApiResponse<
  Path extends keyof paths,
  Method extends 'get' | 'post' | 'put' | 'patch' | 'delete',
> = paths[Path][Method] extends {
  responses: infer Responses;
}
  ? Responses extends { 200: infer R }
    ? JsonBody<R>
    : Responses extends { 201: infer R }
      ? JsonBody<R>
      : Responses extends { 202: infer R }
        ? JsonBody<R>
        : never
  : never;

/** The JSON body an operation takes: `ApiRequest<'/api/service-units', 'post'>`. */
export type ApiRequest<Path extends keyof paths, Method extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = paths[Path][Method] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : paths[Path][Method] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body
    : never;
