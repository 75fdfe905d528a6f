import type { ContractProcedure } from '@orpc/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api } from './api.js';
import { type Endpoint, pathParameters } from './endpoint.js';

// biome-ignore lint/suspicious/noExplicitAny: reads any endpoint's declaration.
const declarationOf = (endpoint: Endpoint) => (endpoint as ContractProcedure<any, any, any, any>)['~orpc'];

const endpoints = Object.entries(api).flatMap(([feature, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${feature}.${name}`,
    ...declarationOf(endpoint),
  })),
);

describe('the endpoint map (decision 0075)', () => {
  it('declares every endpoint under /api with a method, a summary and who may call it', () => {
    for (const endpoint of endpoints) {
      expect(endpoint.route.path, endpoint.name).toMatch(/^\/api\//);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], endpoint.name).toContain(endpoint.route.method);
      expect(endpoint.route.summary, endpoint.name).toBeTruthy();
      expect(['public', 'staff', 'admin', 'vendor'], endpoint.name).toContain(endpoint.meta.access);
      expect(endpoint.route.inputStructure, endpoint.name).toBe('detailed');
    }
  });

  it('names each path parameter in the endpoint’s params schema, and nothing else there', () => {
    for (const endpoint of endpoints) {
      const shape = (endpoint.inputSchema as z.ZodObject | undefined)?.shape ?? {};
      const params = shape.params as z.ZodObject | undefined;
      expect(Object.keys(params?.shape ?? {}).sort(), endpoint.name).toEqual(
        pathParameters(endpoint.route.path as string).sort(),
      );
    }
  });

  it('takes only params, query, headers and body as input', () => {
    for (const endpoint of endpoints) {
      const shape = (endpoint.inputSchema as z.ZodObject | undefined)?.shape ?? {};
      for (const key of Object.keys(shape))
        expect(['params', 'query', 'headers', 'body'], endpoint.name).toContain(key);
    }
  });

  it('gives each method and path one endpoint', () => {
    const routes = endpoints.map((endpoint) => `${endpoint.route.method} ${endpoint.route.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
